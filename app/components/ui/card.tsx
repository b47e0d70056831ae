import type { ReactNode } from "react";
import { Link } from "react-router";
import { MediaSlot } from "./media-slot";

/**
 * A card is for a thing that is an object of its own (a game, a campaign, a profile's header, a dialog-like
 * panel). Lists of threads, members, notifications or settings are rows with dividers (`RowList`), not cards.
 */
export function Card({
  as: Tag = "div",
  className = "",
  children,
}: {
  as?: "div" | "section" | "article" | "li";
  className?: string;
  children: ReactNode;
}) {
  return <Tag className={`card ${className}`}>{children}</Tag>;
}

/**
 * A game's or a campaign's card: the 16:9 picture on top, the title (the whole card's link, its target
 * stretched over the card), then a line of facts and badges. Built for the featured-games and campaigns lists.
 */
export function MediaCard({
  to,
  title,
  image,
  meta,
  badges,
  headingLevel = 3,
}: {
  to: string;
  title: string;
  image?: string | null;
  meta?: ReactNode;
  badges?: ReactNode;
  headingLevel?: 2 | 3 | 4;
}) {
  const H = `h${headingLevel}` as const;
  return (
    <article className="card group relative flex flex-col overflow-hidden transition-shadow hover:shadow-overlay focus-within:shadow-overlay">
      <MediaSlot src={image} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <H className="font-bold leading-snug">
          <Link to={to} className="after:absolute after:inset-0 after:content-[''] group-hover:underline">
            {title}
          </Link>
        </H>
        {meta ? <div className="text-sm text-muted-foreground">{meta}</div> : null}
        {badges ? <div className="mt-auto flex flex-wrap gap-1.5 pt-1">{badges}</div> : null}
      </div>
    </article>
  );
}
