import type { ReactNode } from "react";

/** The frame of the sign-in, registration and recovery pages: one focused card, centred. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="card p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-black">{title}</h1>
        {subtitle ? <p className="mt-2 text-muted-foreground">{subtitle}</p> : null}
        <div className="mt-6 space-y-5">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
    </main>
  );
}
