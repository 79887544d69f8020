import { useRef } from "react";
import Lightbox from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import "yet-another-react-lightbox/plugins/counter.css";
import "yet-another-react-lightbox/styles.css";
import { lightboxSources } from "~/catalogue/image-variants";
import { type PublicImage } from "~/catalogue/locations";

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
  /** Gets the photo shown last, which the gallery then shows and focuses. */
  onClose: (index: number) => void;
}) {
  const shown = useRef(index);
  return (
    <Lightbox
      open
      close={() => onClose(shown.current)}
      on={{ view: ({ index: viewed }) => (shown.current = viewed) }}
      plugins={[Counter]}
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
