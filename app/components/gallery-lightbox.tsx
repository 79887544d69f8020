import Lightbox from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";
import { lightboxSources } from "~/lib/image-variants";
import { type PublicImage } from "~/lib/locations";

/** The lightbox fades in 250 ms, swipes in 500 ms, preloads 2 pictures each side, pads 16 px, spaces 30%. */
const LIGHTBOX_SETTINGS = {
  animation: { fade: 250, swipe: 500 },
  carousel: { preload: 2, padding: "16px", spacing: "30%" },
} as const;

export default function GalleryLightbox({
  images,
  index,
  onClose,
}: {
  images: PublicImage[];
  index: number;
  onClose: () => void;
}) {
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={images.map((image) => ({
        src: image.url,
        alt: image.alt,
        width: image.width,
        height: image.height,
        // The lightbox picks the width that fills the screen from these.
        srcSet: lightboxSources(image),
      }))}
      animation={LIGHTBOX_SETTINGS.animation}
      carousel={LIGHTBOX_SETTINGS.carousel}
    />
  );
}
