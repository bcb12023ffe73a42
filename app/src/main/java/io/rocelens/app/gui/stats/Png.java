package io.rocelens.app.gui.stats;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javafx.scene.image.Image;
import javafx.scene.image.PixelFormat;
import javax.imageio.ImageIO;

/** Writes a JavaFX image as PNG with the JDK's ImageIO (javafx-swing's converter would be one more dependency). */
public final class Png {

    private Png() {
    }

    public static void write(Image image, Path file) throws IOException {
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        int[] argb = new int[width * height];
        image.getPixelReader().getPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), argb, 0, width);
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        out.setRGB(0, 0, width, height, argb, 0, width);
        if (!ImageIO.write(out, "png", file.toFile())) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }
}
