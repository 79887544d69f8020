import { useEffect, useRef, useState } from "react";

/** The video's first frame, as a picture: the home page preloads the AVIF. */
export const HERO_POSTER = {
  avif: "/media/hero-poster.avif",
  jpg: "/media/hero-poster.jpg",
  /** For a shared link's preview; on the page the picture is background, with no alt text. */
  description: "Palm trees framing the sun as it sets over a calm sea",
};

/**
 * The home page's background video. The poster is the first paint: the video is only added once
 * the page has loaded, so its megabytes never compete with the page, and never for people who ask
 * for reduced motion (or browse without JavaScript): they keep the poster. The poster is a picture
 * under the video rather than its `poster`, which takes one URL: AVIF (half the JPEG's bytes)
 * where the browser reads it. The video covers it once it plays.
 */
export function HeroVideo({ className }: { className?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const start = () => setPlaying(true);
    if (document.readyState === "complete") {
      start();
      return;
    }
    window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);

  useEffect(() => {
    // A browser may refuse to autoplay (data saver); the poster stays.
    if (playing) video.current?.play().catch(() => {});
  }, [playing]);

  return (
    <>
      <picture>
        <source srcSet={HERO_POSTER.avif} type="image/avif" />
        <img
          src={HERO_POSTER.jpg}
          width={1280}
          height={720}
          alt=""
          fetchPriority="high"
          className={className}
        />
      </picture>
      {playing && (
        <video ref={video} className={className} muted loop playsInline aria-hidden="true">
          <source src="/media/hero.webm" type="video/webm" />
          <source src="/media/hero.mp4" type="video/mp4" />
        </video>
      )}
    </>
  );
}
