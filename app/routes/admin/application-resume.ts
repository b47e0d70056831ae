import { adminPage, orRefused } from "#app/features/admin/route.server";
import type { Route } from "./+types/application-resume";

/**
 * /admin/applications/{id}/resume: an application's resume as a download, for Admins only (the operation checks
 * it; the file lives under a private key /media never serves). Never cached, never sniffed into anything else.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { actor } = adminPage(context, request);
  const file = await orRefused(context, request, context.services.jobBoard.readResume(actor, { applicationId: params.applicationId }));
  return new Response(Buffer.from(file.body), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${file.filename}"`,
      "content-length": String(file.body.byteLength),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
