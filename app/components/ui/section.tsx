import { useId, type ReactNode } from "react";

/**
 * A part of a screen named by its heading: the heading labels the section (`aria-labelledby`), so
 * assistive technology lists the part by that name.
 */
export function Section({
  heading,
  headingLevel = 2,
  headingClassName = "text-lg font-semibold text-primary",
  className,
  testId,
  children,
}: {
  heading: ReactNode;
  headingLevel?: 2 | 3;
  headingClassName?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={className} aria-labelledby={headingId} data-testid={testId}>
      <Heading id={headingId} className={headingClassName}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}
