import { type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { toast } from "sonner";

/** What the actions of /agents and /contact answer: one shape for every outcome. */
export interface RequestFormActionData {
  result: SubmissionResult<string[]>;
  /** The e-mail the request was sent with, once it is stored (the page shows its success screen). */
  sentTo: string | null;
  /** With JavaScript, a failure is also shown as a toast. */
  toast: string | null;
}

/** True while this page's form is being posted (and the page reloads its data after it). */
export function useSubmitting(path: string) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    (navigation.formAction ?? "").split(/[?#]/)[0] === path
  );
}

/**
 * Side effects of a reply from the server: the failure toast, and a fresh bot check (a Turnstile
 * token is used up once the server has verified it). Returns the key to remount the bot check with.
 */
export function useReplyEffects(actionData: RequestFormActionData | undefined) {
  const [botCheckKey, setBotCheckKey] = useState(0);
  useEffect(() => {
    if (!actionData) return;
    if (actionData.toast) toast.error(actionData.toast);
    if (!actionData.sentTo) setBotCheckKey((key) => key + 1);
  }, [actionData]);
  return botCheckKey;
}
