import { Turnstile } from "@marsidev/react-turnstile";
import { useId, useState } from "react";
import { BOT_CHECK_FIELD, DEV_BOT_CHECK_TOKEN } from "~/lib/bot-check";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";

/**
 * The bot check inside a form. With a site key: Cloudflare Turnstile, which adds the hidden token
 * field to this spot in the form. Without one (local development): a plain checkbox that works
 * without JavaScript and submits the development token (verifyBotCheck accepts it only there).
 */
export function BotCheck({
  siteKey,
  onVerify,
}: {
  siteKey: string;
  /** Told whether the check is currently passed (the form waits for it). */
  onVerify?: (passed: boolean) => void;
}) {
  const id = useId();
  // Ticked before the scripts ran, the stand-in is passed: the form must not wait for a new tick.
  const standIn = useInputBeforeHydration<HTMLDivElement>((values) => {
    if (values.get(BOT_CHECK_FIELD) === DEV_BOT_CHECK_TOKEN) onVerify?.(true);
  });
  if (siteKey) {
    return (
      <Turnstile
        siteKey={siteKey}
        // After a failure the challenge is retried every 8 s.
        options={{ responseFieldName: BOT_CHECK_FIELD, retryInterval: 8000 }}
        onSuccess={() => onVerify?.(true)}
        onExpire={() => onVerify?.(false)}
        onError={() => onVerify?.(false)}
      />
    );
  }
  return (
    <div ref={standIn} className="rounded-xl border border-slate-300 bg-white p-4">
      <div className="flex items-center gap-3">
        <input
          type="checkbox"
          id={id}
          name={BOT_CHECK_FIELD}
          value={DEV_BOT_CHECK_TOKEN}
          required
          onChange={(event) => onVerify?.(event.currentTarget.checked)}
          className="accent-navy-900 size-5 rounded border-slate-400"
        />
        <label htmlFor={id} className="text-navy-900 text-sm font-medium">
          I'm not a robot
        </label>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Local bot check (development stand-in for Cloudflare Turnstile)
      </p>
    </div>
  );
}

/**
 * A form's bot check: a token works once, so each answer from the server (`answer`, any value
 * that is new for each reply) starts the check again. `key` remounts the widget.
 */
export function useBotCheck(answer: unknown) {
  const [key, setKey] = useState(0);
  const [passed, setPassed] = useState(false);
  const [answered, setAnswered] = useState(answer);
  if (answered !== answer) {
    setAnswered(answer);
    if (answer) {
      setKey((current) => current + 1);
      setPassed(false);
    }
  }
  return { key, passed, onVerify: setPassed };
}
