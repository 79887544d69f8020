import { useEffect, useRef, useState } from "react";

/** The video's first frame, as a picture: the home page preloads the AVIF. */
export const HERO_POSTER = {
  avif: "/media/hero-poster.avif",
  jpg: "/media/hero-poster.jpg",
  /** For a shared link's preview; on the page the picture is background, with no alt text. */
  description: "Palm trees framing the sun as it sets over a calm sea",
};

/** Someone who paused the video keeps it paused on their next visits. */
const PAUSED_KEY = "hero-video-paused";

type Mode = "poster" | "playing" | "paused";

/**
 * The home page's background video. The poster is the first paint: the video is only added once
 * the page has loaded, so its megabytes never compete with the page, and never for people who ask
 * for reduced motion (or browse without JavaScript): they keep the poster. The poster is a picture
 * under the video rather than its `poster`, which takes one URL: AVIF (half the JPEG's bytes)
 * where the browser reads it. The video covers it once it plays.
 *
 * Moving content that lasts more than five seconds can be paused (WCAG 2.2.2): a button in the
 * hero's corner, remembered on this device (a paused visit does not even fetch the clip). Out of
 * view the video stops, so a phone spends nothing on it while the person reads further down.
 */
export function HeroVideo({ className }: { className?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [mode, setMode] = useState<Mode>("poster");
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const start = () => {
      const paused = localStorage.getItem(PAUSED_KEY) === "1";
      setMode(paused ? "paused" : "playing");
      setLoaded(!paused);
    };
    if (document.readyState === "complete") {
      start();
      return;
    }
    window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (mode !== "playing") {
      element.pause();
      return;
    }
    // Plays while in view; a browser may refuse to autoplay (data saver), and the poster stays.
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) element.play().catch(() => {});
      else element.pause();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [mode, loaded]);

  const toggle = () => {
    const pausing = mode === "playing";
    if (pausing) localStorage.setItem(PAUSED_KEY, "1");
    else localStorage.removeItem(PAUSED_KEY);
    setMode(pausing ? "paused" : "playing");
    setLoaded(true);
  };

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
      {loaded && (
        <video ref={video} className={className} muted loop playsInline aria-hidden="true">
          <source src="/media/hero.webm" type="video/webm" />
          <source src="/media/hero.mp4" type="video/mp4" />
        </video>
      )}
      {mode !== "poster" && (
        <button
          type="button"
          onClick={toggle}
          className="bg-navy-950/70 hover:bg-navy-950/90 absolute right-4 bottom-4 z-10 rounded-full px-4 py-2 text-sm font-medium text-white ring-1 ring-white/40"
        >
          {mode === "playing" ? "Pause video" : "Play video"}
        </button>
      )}
    </>
  );
}
