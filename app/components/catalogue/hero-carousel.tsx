import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import Swiper from "swiper";
import { A11y, Keyboard, Navigation, Thumbs } from "swiper/modules";
import { IMAGE_SIZES, pictureSources } from "~/catalogue/image-variants";
import { type PublicImage } from "~/catalogue/locations";
import { A11Y, Carousel, navigationOf, Slide, startWhenNear } from "./carousel";
import { ResortImage } from "./resort-image";

// The lightbox is only needed after a click: keep it out of the page's first JavaScript.
const GalleryLightbox = lazy(() => import("./gallery-lightbox"));

/**
 * The first slide is the page's largest picture (its LCP): a preload in the <head> (React hoists
 * it there) lets the browser fetch it before it lays the carousel out, at high priority. It names
 * the AVIF source's widths, which is what an AVIF-capable browser picks from the <picture>.
 */
function preloadFirstSlide(image: PublicImage | undefined) {
  const sources = image && pictureSources(image, "hero");
  if (!image || !sources) {
    if (image) preload(image.url, { as: "image", fetchPriority: "high" });
    return;
  }
  preload(sources.src, {
    as: "image",
    fetchPriority: "high",
    imageSrcSet: sources.avif ?? sources.webp,
    imageSizes: IMAGE_SIZES.hero,
    type: sources.avif ? "image/avif" : "image/webp",
  });
}

export function HeroCarousel({ images, name }: { images: PublicImage[]; name: string }) {
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  // The photo in view, which its thumbnail marks.
  const [current, setCurrent] = useState(0);
  const carousel = useRef<Swiper | null>(null);
  const main = useRef<HTMLDivElement>(null);
  const thumbs = useRef<HTMLDivElement>(null);
  const slides = images.map((image) => image.url).join(" ");
  const photoLinks = () => main.current?.querySelectorAll<HTMLAnchorElement>(".swiper-slide > a");
  const moves = images.length > 1;
  preloadFirstSlide(images[0]);

  useEffect(
    () =>
      startWhenNear(moves ? main.current : null, () => {
        const strip =
          thumbs.current &&
          new Swiper(thumbs.current, {
            slidesPerView: "auto",
            spaceBetween: 8,
            watchSlidesProgress: true,
          });
        const swiper = new Swiper(main.current!, {
          modules: [Navigation, Thumbs, Keyboard, A11y],
          navigation: navigationOf(main.current!),
          keyboard: { enabled: true },
          thumbs: { swiper: strip },
          a11y: A11Y,
          on: {
            slideChange: ({ activeIndex }) => {
              setCurrent(activeIndex);
              // The arrow keys pressed on a photo: the focus moves to the photo in view, so
              // Enter opens that one (and a person sees where the focus is).
              const photos = photoLinks();
              if (
                photos &&
                Array.from(photos).includes(document.activeElement as HTMLAnchorElement)
              )
                photos[activeIndex]?.focus({ preventScroll: true });
            },
          },
        });
        carousel.current = swiper;
        return strip ? [swiper, strip] : [swiper];
      }),
    [slides, moves],
  );

  if (images.length === 0) {
    return (
      <ResortImage
        image={null}
        name={name}
        slot="hero"
        className="aspect-[16/10] w-full rounded-2xl lg:aspect-[2/1]"
      />
    );
  }

  return (
    <div>
      <Carousel
        ref={main}
        label={`${name} photos`}
        navigation={moves}
        className="overflow-hidden rounded-2xl bg-slate-200"
      >
        {images.map((image, index) => (
          <Slide key={image.url}>
            {/* The photo itself, opened in the lightbox once the scripts run; a plain click or
                tap opens the picture before they have, or without them. */}
            <a
              href={image.url}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                setLightboxIndex(index);
              }}
              className="block w-full cursor-zoom-in"
              aria-label={`Open photo ${index + 1} of ${images.length}: ${image.alt}`}
            >
              <ResortImage
                image={image}
                name={name}
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "auto"}
                slot="hero"
                className="aspect-[16/10] w-full lg:aspect-[2/1]"
              />
            </a>
          </Slide>
        ))}
      </Carousel>
      {moves && (
        // Without JavaScript the thumbnails cannot steer: this says how to see every photo.
        <p className="mt-3 hidden text-sm text-slate-600 noscript:block">
          {images.length} photos: swipe or scroll sideways to see them all.
        </p>
      )}
      {moves && (
        <Carousel ref={thumbs} className="hero-thumbs mt-3">
          {images.map((image, index) => (
            <Slide key={image.url} className="!w-20 md:!w-[100px]">
              <button
                type="button"
                aria-label={`Show photo ${index + 1} of ${images.length}: ${image.alt}`}
                aria-current={index === current ? "true" : undefined}
                onClick={() => carousel.current?.slideTo(index)}
                className="aria-[current=true]:outline-gold-500 block rounded-lg aria-[current=true]:outline-3 aria-[current=true]:-outline-offset-3"
              >
                <ResortImage
                  image={image}
                  name={name}
                  alt=""
                  slot="thumb"
                  className="aspect-square w-20 rounded-lg md:w-[100px]"
                />
              </button>
            </Slide>
          ))}
        </Carousel>
      )}
      {lightboxIndex !== null && (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={images}
            index={lightboxIndex}
            onClose={(shown) => {
              setLightboxIndex(null);
              // Back to the photo the person left the lightbox on, with the focus on it.
              carousel.current?.slideTo(shown, 0);
              photoLinks()?.[shown]?.focus({ preventScroll: true });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
