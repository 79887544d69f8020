import { Form } from "react-router";
import { INTENTS } from "~/catalogue/location-manager";
import { SubmitButton } from "~/components/forms";
import { useSubmitting } from "~/lib/use-submitting";

/**
 * Whether a location or a room type is on the site, with the button that changes it: a draft or
 * hidden one is published; a published room type can go back to a draft (a location is hidden
 * with its form's Hidden box). A plain form: it works before and without JavaScript.
 */
export function PublishStatus({
  onSite,
  locationId,
  roomTypeId,
}: {
  onSite: boolean;
  locationId: string;
  /** Absent: the location's own status. */
  roomTypeId?: string;
}) {
  const intent = roomTypeId ? INTENTS.publishRoomType : INTENTS.publishLocation;
  const busy = useSubmitting(intent, roomTypeId ? { roomTypeId } : { locationId });
  const what = roomTypeId ? "room type" : "location";
  if (onSite && !roomTypeId) return null;
  return (
    <Form
      method="post"
      preventScrollReset
      className={`flex flex-wrap items-center gap-3 rounded-xl px-4 py-3 text-sm ring-1 ${
        onSite
          ? "bg-emerald-50 text-emerald-900 ring-emerald-600/20"
          : "bg-amber-50 text-amber-900 ring-amber-600/30"
      }`}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="locationId" value={locationId} />
      {roomTypeId && <input type="hidden" name="roomTypeId" value={roomTypeId} />}
      <input type="hidden" name="publish" value={onSite ? "no" : "yes"} />
      {/* Beside the button where the box is wide enough for both, else above it: the editor's
          column is narrow even on a wide screen. */}
      <p className="min-w-0 grow basis-56">
        {onSite ? (
          <>
            <strong>Published:</strong> this {what} is on the site.
          </>
        ) : (
          <>
            <strong>{roomTypeId ? "Draft" : "Not on the site"}:</strong> members and visitors do not
            see this {what} until it is published
            {roomTypeId ? " (it needs a weekly price, a guest limit and a picture)" : ""}.
          </>
        )}
      </p>
      <SubmitButton
        busy={busy}
        busyText={onSite ? "Moving..." : "Publishing..."}
        variant={onSite ? "secondary" : "primary"}
      >
        {onSite ? "Move back to draft" : `Publish ${what}`}
      </SubmitButton>
    </Form>
  );
}
