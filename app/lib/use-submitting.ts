import { useLocation, useNavigation } from "react-router";

/** How a form's post is told from the page's others: its intent, its fields, where it posts. */
interface Post {
  intent?: string;
  fields?: Record<string, string>;
  /** The path it posts to (its query and fragment aside); the page's own path unless said. */
  action?: string;
}

/**
 * Whether the page is posting this form (its intent and fields, or a `Post`), so its button can
 * say it is busy: from the post until the page has its answer and the data it loads after it.
 */
export function useSubmitting(post: string | Post, fields: Record<string, string> = {}) {
  const wanted = typeof post === "string" ? { intent: post, fields } : post;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Another form of the page's (the header's sign-out) posts elsewhere: it is not this one.
  const action = wanted.action ?? pathname;
  const posted =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? navigation.formData
      : undefined;
  return (
    posted !== undefined &&
    (wanted.intent === undefined || posted.get("intent") === wanted.intent) &&
    Object.entries(wanted.fields ?? {}).every(([name, value]) => posted.get(name) === value) &&
    (navigation.formAction ?? "").split(/[?#]/)[0] === action
  );
}
