import type { ComponentType } from "react";

/** What a public company page knows about its company (from the loader). */
export type PublicCompany = {
  companyName: string;
  slug: string;
  website: string | null;
  description: string | null;
  country: string | null;
  logoUrl: string | null;
  joinedAt: string;
};

/**
 * Extension point of /company/{slug}: later issues add the company's games and its open key campaigns
 * here, each as a section with its own heading. Their data comes from the page's loader (add a field to
 * the loader's `extensions` object), so the page still renders in one request.
 */
export type CompanySection = { id: string; Component: ComponentType<{ company: PublicCompany; extensions: Record<string, unknown> }> };

export const companySections: CompanySection[] = [];
