import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "outline" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

/**
 * The button's classes (app.css `.btn`): one primary action per view, outline for the others, ghost inside
 * toolbars, danger for what destroys. Sizes: sm 36 px (secondary actions in dense rows), md 40 px, lg 44 px
 * (a page's main action: WCAG 2.2 target size). For a <summary> or any element that must look like a button.
 */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", className = "") {
  return ["btn", `btn-${variant}`, size === "md" ? "" : `btn-${size}`, className].filter(Boolean).join(" ");
}

type Style = { variant?: ButtonVariant; size?: ButtonSize };

/** A <button> (type="button" unless said otherwise; a form's submit is `SubmitButton` in form-field.tsx). */
export function Button({ variant, size, className, type = "button", ...rest }: Style & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

/** A link that looks like a button (navigation is a link, an action is a button). */
export function ButtonLink({ variant, size, className, ...rest }: Style & LinkProps & { children: ReactNode }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
