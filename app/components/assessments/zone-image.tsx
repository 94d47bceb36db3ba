import type { ReactNode } from "react";
import type { useImageAspect } from "./use-image-aspect";

/**
 * A hotzone image with an SVG layer over it in unit coordinates (0..1 on both axes), for the zones
 * and points drawn on it; neither takes the pointer, the surface around them does.
 */
export function ZoneImage({
  image: { imageRef, readAspect },
  src,
  alt,
  testId,
  children,
}: {
  image: ReturnType<typeof useImageAspect>;
  src: string;
  alt: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <img
        ref={imageRef}
        src={src}
        alt={alt}
        className="pointer-events-none block h-auto w-full"
        draggable={false}
        onLoad={readAspect}
      />
      <svg
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        className="pointer-events-none absolute inset-0 h-full w-full"
        data-testid={testId}
      >
        {children}
      </svg>
    </>
  );
}
