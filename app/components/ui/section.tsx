import { useId, type ReactNode } from "react";

/**
 * A part of a screen named by its heading: the heading labels the section (`aria-labelledby`), so
 * assistive technology lists the part by that name. `aside` (a control, a note) shares the
 * heading's row, which wraps on a narrow screen.
 */
export function Section({
  heading,
  headingLevel = 2,
  headingClassName = "text-lg font-semibold text-primary",
  aside,
  headerClassName = "flex flex-wrap items-center justify-between gap-2",
  className,
  testId,
  children,
}: {
  heading: ReactNode;
  headingLevel?: 2 | 3;
  headingClassName?: string;
  aside?: ReactNode;
  headerClassName?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const title = (
    <Heading id={headingId} className={headingClassName}>
      {heading}
    </Heading>
  );
  return (
    <section className={className} aria-labelledby={headingId} data-testid={testId}>
      {aside ? (
        <div className={headerClassName}>
          {title}
          {aside}
        </div>
      ) : (
        title
      )}
      {children}
    </section>
  );
}
