import { lazy, Suspense, useState } from "react";
import { A11y, Keyboard, Navigation, Thumbs } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import { type Swiper as SwiperInstance } from "swiper/types";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/thumbs";
import { type PublicImage } from "~/lib/locations";
import { ResortImage } from "./resort-image";

// The lightbox is only needed after a click: keep it out of the page's first JavaScript.
const GalleryLightbox = lazy(() => import("./gallery-lightbox"));

export function HeroCarousel({ images, name }: { images: PublicImage[]; name: string }) {
  const [thumbs, setThumbs] = useState<SwiperInstance | null>(null);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);

  if (images.length === 0) {
    return <ResortImage image={null} name={name} className="aspect-[16/10] w-full rounded-2xl" />;
  }

  return (
    <div>
      <Swiper
        modules={[Navigation, Thumbs, Keyboard, A11y]}
        navigation={images.length > 1}
        keyboard={{ enabled: true }}
        thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
        className="overflow-hidden rounded-2xl bg-slate-200"
        aria-label={`${name} photos`}
      >
        {images.map((image, index) => (
          <SwiperSlide key={image.url}>
            <button
              type="button"
              onClick={() => setLightboxIndex(index)}
              className="block w-full cursor-zoom-in"
              aria-label={`Open photo ${index + 1} of ${images.length}: ${image.alt}`}
            >
              <ResortImage
                image={image}
                name={name}
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "auto"}
                className="aspect-[16/10] w-full"
              />
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
      {images.length > 1 && (
        <Swiper
          modules={[Thumbs]}
          onSwiper={setThumbs}
          slidesPerView="auto"
          spaceBetween={8}
          watchSlidesProgress
          className="hero-thumbs mt-3"
        >
          {images.map((image, index) => (
            <SwiperSlide key={image.url} className="!w-20 md:!w-[100px]">
              <ResortImage
                image={image}
                name={name}
                alt={`Thumbnail ${index + 1}: ${image.alt}`}
                className="aspect-square w-20 cursor-pointer rounded-lg md:w-[100px]"
              />
            </SwiperSlide>
          ))}
        </Swiper>
      )}
      {lightboxIndex !== null && (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={images}
            index={lightboxIndex}
            onClose={() => setLightboxIndex(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
