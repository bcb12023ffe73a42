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

    /** One image of {@code top} above {@code bottom}, left-aligned, the rest filled with {@code background}. */
    public static Image stacked(Image top, Image bottom, javafx.scene.paint.Color background) {
        int width = (int) Math.max(top.getWidth(), bottom.getWidth());
        int topHeight = (int) top.getHeight();
        javafx.scene.image.WritableImage out = new javafx.scene.image.WritableImage(width,
                topHeight + (int) bottom.getHeight());
        javafx.scene.image.PixelWriter writer = out.getPixelWriter();
        for (int y = 0; y < out.getHeight(); y++) {
            for (int x = 0; x < width; x++) {
                writer.setColor(x, y, background);
            }
        }
        writer.setPixels(0, 0, (int) top.getWidth(), topHeight, top.getPixelReader(), 0, 0);
        writer.setPixels(0, topHeight, (int) bottom.getWidth(), (int) bottom.getHeight(), bottom.getPixelReader(), 0, 0);
        return out;
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
