import { useCallback, useState } from "react";

/**
 * Whether an image failed to load, so the page can show its designed fallback instead of the
 * browser's broken-image icon. An image that failed before JavaScript ran has no error event left
 * to fire: it is caught when React attaches to it (loaded, yet no width).
 */
export function useImageFailure() {
  const [failed, setFailed] = useState(false);
  const ref = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0 && image.getAttribute("src")) setFailed(true);
  }, []);
  const onError = useCallback(() => setFailed(true), []);
  return { failed, imageProps: { ref, onError } };
}
