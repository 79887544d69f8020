import { useNavigation } from "react-router";

/** Whether the page is posting this intent (for these fields), so its button can say it is busy. */
export function useSubmitting(intent: string, fields: Record<string, string> = {}) {
  const navigation = useNavigation();
  const posted = navigation.state === "submitting" ? navigation.formData : undefined;
  return (
    posted?.get("intent") === intent &&
    Object.entries(fields).every(([name, value]) => posted.get(name) === value)
  );
}
