import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#app/components/ui/toast";
import type { FormFailure } from "#app/lib/form";

/** SPEC §8: a failed sign-in or registration also raises a destructive toast with the server's message. */
export function useFailureToast(result: FormFailure | { ok: true } | undefined, titleKey: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (result && !result.ok && result.formError) {
      toast({ title: t(titleKey), description: t(result.formError, result.formErrorValues), variant: "destructive" });
    }
  }, [result, t, titleKey]);
}
