import Lightbox from "yet-another-react-lightbox";
import "yet-another-react-lightbox/styles.css";
import { type PublicImage } from "~/lib/locations";

/** Spec section 2: fade 250 ms, swipe 500 ms, preload 2, padding 16 px, spacing 30%. */
export const LIGHTBOX_SETTINGS = {
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
      }))}
      animation={LIGHTBOX_SETTINGS.animation}
      carousel={LIGHTBOX_SETTINGS.carousel}
    />
  );
}
