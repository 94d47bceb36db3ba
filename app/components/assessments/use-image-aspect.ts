import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The height / width of a hotzone image, from its natural size (1 until it has loaded). Circles'
 * radii are fractions of the width (ADR 0011), so drawing and hit-testing them needs this. An image
 * already loaded before hydration fires no load event, hence the check on mount.
 */
export function useImageAspect(url: string) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [aspect, setAspect] = useState(1);
  const readAspect = useCallback(() => {
    const image = imageRef.current;
    if (image && image.naturalWidth > 0 && image.naturalHeight > 0) setAspect(image.naturalHeight / image.naturalWidth);
  }, []);
  useEffect(() => {
    if (imageRef.current?.complete) readAspect();
  }, [url, readAspect]);
  return { imageRef, aspect, readAspect };
}
