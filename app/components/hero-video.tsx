import { useEffect, useRef, useState } from "react";

/**
 * The home page's background video. The poster is the first paint: the video's sources are only
 * attached once the page has loaded, so its megabytes never compete with the page, and never for
 * people who ask for reduced motion (or browse without JavaScript): they keep the poster.
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
    if (!playing || !video.current) return;
    video.current.load();
    // A browser may refuse to autoplay (data saver); the poster stays.
    video.current.play().catch(() => {});
  }, [playing]);

  return (
    <video
      ref={video}
      className={className}
      muted
      loop
      playsInline
      preload="none"
      poster="/media/hero-poster.jpg"
      aria-hidden="true"
    >
      {playing && (
        <>
          <source src="/media/hero.webm" type="video/webm" />
          <source src="/media/hero.mp4" type="video/mp4" />
        </>
      )}
    </video>
  );
}
