import { type Ref } from "react";
import type Swiper from "swiper";

/** What Swiper's A11y module calls the arrows: the carousels show photos. */
export const A11Y = { prevSlideMessage: "Previous photo", nextSlideMessage: "Next photo" };

/**
 * A carousel as Swiper's markup: the server renders it, Swiper's stylesheet lays it out as a row
 * that shows its first slide, and `startWhenNear` starts Swiper on it later, so nothing moves
 * when it starts. (Swiper's React component starts in layout effects that re-render every slide
 * in the same task: on a location page, hydration was one long task.)
 */
export function Carousel({
  ref,
  label,
  navigation = false,
  className = "",
  children,
}: {
  ref?: Ref<HTMLDivElement>;
  /** Names a carousel a person browses: a region described as a carousel. */
  label?: string;
  navigation?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      ref={ref}
      className={`swiper ${className}`}
      {...(label && { role: "region", "aria-roledescription": "carousel", "aria-label": label })}
    >
      <div className="swiper-wrapper">{children}</div>
      {navigation && (
        <>
          <button type="button" className="swiper-button-prev" aria-label={A11Y.prevSlideMessage} />
          <button type="button" className="swiper-button-next" aria-label={A11Y.nextSlideMessage} />
        </>
      )}
    </div>
  );
}

export function Slide({
  className = "",
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  return <div className={`swiper-slide ${className}`}>{children}</div>;
}

/** The arrows a `Carousel` rendered with `navigation`, for Swiper's Navigation module. */
export function navigationOf(carousel: HTMLElement) {
  return {
    prevEl: carousel.querySelector<HTMLElement>(":scope > .swiper-button-prev"),
    nextEl: carousel.querySelector<HTMLElement>(":scope > .swiper-button-next"),
  };
}

/**
 * Starts carousels once `element` comes within half a screen of the viewport, each page's
 * carousels in their own tasks after hydration; returns the effect's cleanup, which stops them.
 */
export function startWhenNear(element: HTMLElement | null, start: () => Swiper[]) {
  if (!element) return;
  let started: Swiper[] = [];
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      started = start();
    },
    { rootMargin: "50% 0px" },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    for (const swiper of started) swiper.destroy(true, true);
  };
}
