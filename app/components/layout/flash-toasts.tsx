import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { toast, type ToastVariant } from "#app/components/ui/toast";

/**
 * One-time messages carried by a redirect's query (?accountDeleted=1, ?signOutFailed=1): shown as a toast
 * once, then removed from the address so a reload or a shared link does not repeat them.
 */
const FLASHES: Record<string, { key: string; variant: ToastVariant }> = {
  accountDeleted: { key: "flash.accountDeleted", variant: "success" },
  signOutFailed: { key: "auth.signOutFailed", variant: "destructive" },
  gameAdded: { key: "flash.gameAdded", variant: "success" },
  submissionDeleted: { key: "flash.submissionDeleted", variant: "success" },
};

export function FlashToasts() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = Object.keys(FLASHES).filter((k) => params.has(k));
    if (found.length === 0) return;
    for (const k of found) {
      toast({ title: t(FLASHES[k].key), variant: FLASHES[k].variant });
      params.delete(k);
    }
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location, navigate, t]);
  return null;
}
