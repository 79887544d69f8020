import { IMAGE_SIZES, pictureSources, type ImageSlot } from "~/catalogue/image-variants";
import { type PublicImage } from "~/catalogue/locations";
import { useImageFailure } from "~/lib/use-image-failure";

interface ResortImageProps {
  image: PublicImage | null;
  /** The location's name: shown by the placeholder and the fallback graphic. */
  name: string;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "auto";
  /** The alt text when it is not the picture's own (a thumbnail's, say). */
  alt?: string;
  /** Where it is shown: gives the `sizes` the browser picks a variant width with. */
  slot: ImageSlot;
}

/**
 * A location picture with its fallbacks: a placeholder with the name and 'Image' when there
 * is none, and a fallback graphic when the picture fails to load.
 */
export function ResortImage({
  image,
  name,
  className = "",
  loading = "lazy",
  fetchPriority,
  alt,
  slot,
}: ResortImageProps) {
  const { failed, imageProps } = useImageFailure();
  if (!image) {
    return (
      <div
        role="img"
        aria-label={`${name} Image`}
        className={`from-sand-100 text-navy-900 flex flex-col items-center justify-center bg-gradient-to-br to-slate-200 text-center ${className}`}
      >
        {/* A word wider than the box (a long place name) breaks rather than spilling out. */}
        <span className="max-w-full px-4 font-serif text-lg wrap-anywhere">{name}</span>
        <span className="text-xs tracking-widest text-slate-600 uppercase">Image</span>
      </div>
    );
  }
  if (failed) {
    return (
      <div
        role="img"
        aria-label={alt ?? image.alt}
        className={`from-navy-800 to-navy-950 flex items-center justify-center bg-gradient-to-br ${className}`}
      >
        <svg viewBox="0 0 64 64" className="text-gold-300 h-12 w-12" aria-hidden="true">
          <path fill="currentColor" d="M8 48 24 28l10 12 8-9 14 17z" opacity=".8" />
          <circle cx="44" cy="18" r="6" fill="currentColor" />
        </svg>
      </div>
    );
  }
  return (
    <Picture
      image={image}
      slot={slot}
      alt={alt ?? image.alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
      {...imageProps}
      className={`object-cover ${className}`}
    />
  );
}

type PictureProps = Omit<React.ComponentProps<"img">, "src" | "srcSet" | "sizes"> & {
  image: Pick<PublicImage, "url" | "width" | "height" | "variants">;
  slot: ImageSlot;
};

/**
 * A stored picture at the width its slot needs: a <picture> with AVIF and WebP sources and a JPEG
 * <img>, each with its `srcset` and the slot's `sizes`, and always the picture's width and height
 * (so the page keeps its space). A picture without variants is its original alone.
 */
export function Picture({ image, slot, ...props }: PictureProps) {
  const sources = pictureSources(image, slot);
  const sizes = IMAGE_SIZES[slot];
  const img = (
    <img
      src={sources?.src ?? image.url}
      srcSet={sources?.jpg}
      sizes={sources ? sizes : undefined}
      width={image.width}
      height={image.height}
      {...props}
    />
  );
  if (!sources) return img;
  // The <picture> is only a wrapper: `contents` leaves the <img> in its parent's layout, and its
  // <source>s are hidden so they are no boxes there (a flex gap once opened beside each).
  return (
    <picture className="contents">
      {sources.avif && (
        <source type="image/avif" srcSet={sources.avif} sizes={sizes} className="hidden" />
      )}
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} className="hidden" />
      {img}
    </picture>
  );
}
