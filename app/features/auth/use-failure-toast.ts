import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { dismissToast, toast } from "#app/components/ui/toast";
import type { FormFailure } from "#app/lib/form";

/**
 * SPEC §8: a failed sign-in or registration also raises a destructive toast with the server's message, once
 * per answer. The toast belongs to that answer: it goes as soon as the form is sent again, and when the page
 * is left (a successful attempt lands on another page), so an earlier error never follows the person to the
 * welcome page.
 */
export function useFailureToast(result: FormFailure | { ok: true } | undefined, titleKey: string) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const shown = useRef<{ result: FormFailure; id: number } | null>(null);
  useEffect(() => {
    if (result && !result.ok && result.formError && shown.current?.result !== result) {
      const id = toast({ title: t(titleKey), description: t(result.formError, result.formErrorValues), variant: "destructive" });
      shown.current = { result, id };
    }
  }, [result, t, titleKey]);
  const sending = navigation.state === "submitting";
  useEffect(() => {
    if (sending && shown.current) dismissToast(shown.current.id);
  }, [sending]);
  useEffect(
    () => () => {
      if (shown.current) dismissToast(shown.current.id);
    },
    [],
  );
}
