import { useState } from "react";
import { data, useLocation } from "react-router";
import { ActionToast } from "~/components/toaster";
import { PublishStatus } from "~/components/catalogue-admin/publish-status";
import { type Route } from "./+types/locations";
import {
  createLocationIntent,
  deleteLocationIntent,
  publishLocationIntent,
  selectionOf,
  updateLocationIntent,
} from "~/catalogue/location-intents.server";
import {
  adminHref,
  INTENTS,
  LOCATION_ADMIN_MESSAGES as M,
  locationIntentSchema,
} from "~/catalogue/location-manager";
import { loadLocationManager } from "~/catalogue/location-manager.server";
import {
  createRoomTypeIntent,
  deleteRoomTypeIntent,
  moveRoomTypeIntent,
  openWeeksIntent,
  publishRoomTypeIntent,
  setWeeksIntent,
  updateRoomTypeIntent,
} from "~/catalogue/room-type-intents.server";
import { requireAdmin } from "~/accounts/guards.server";
import { cardClass } from "~/components/admin/admin-ui";
import { ImageManager } from "~/components/catalogue-admin/image-manager/image-manager";
import {
  DeleteLocation,
  EmptyState,
  LocationHeading,
  NewLocationHeading,
  RoomTypesLater,
} from "~/components/catalogue-admin/location-sections";
import { LocationForm } from "~/components/catalogue-admin/location-form";
import { LocationPicker } from "~/components/catalogue-admin/location-picker";
import {
  addressWithoutQuestion,
  leavesSelection,
  useClearSelectionOnLogout,
  useRememberedSelection,
} from "~/components/catalogue-admin/location-selection";
import { RoomTypeCreateForm } from "~/components/catalogue-admin/room-types/room-type-create-form";
import { RoomTypeEditor } from "~/components/catalogue-admin/room-types/room-type-editor";
import { RoomTypeList } from "~/components/catalogue-admin/room-types/room-type-list";
import { WeekCalendar } from "~/components/catalogue-admin/room-types/week-calendar";
import { useUnsavedChanges } from "~/components/admin/use-unsaved-changes";
import { getAppContext } from "~/context";
import { readFormData } from "~/lib/body.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { parseWithZod } from "@conform-to/zod/v4";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Locations",
    description: "Edit locations, room types and their images.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db, now } = getAppContext(context);
  const page = await loadLocationManager(db, new URL(request.url).searchParams, now);
  return data(page, { status: page.missing ? 404 : 200 });
}

/** Every form of the page posts here with its intent (app/catalogue/location-manager.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const auth = await requireAdmin(request, context);
  const formData = await readFormData(request);
  const work = {
    app: getAppContext(context),
    actor: { email: auth.user.email },
    formData,
    here: selectionOf(request),
  };
  const submission = parseWithZod(formData, { schema: locationIntentSchema });
  if (submission.status !== "success") {
    return redirectWithToast(work.app, adminHref(work.here), { type: "error", message: M.unknown });
  }
  const intent = submission.value;
  switch (intent.intent) {
    case INTENTS.createLocation:
      return createLocationIntent(work);
    case INTENTS.updateLocation:
      return updateLocationIntent(work, intent);
    case INTENTS.deleteLocation:
      return deleteLocationIntent(work, intent);
    case INTENTS.createRoomType:
      return createRoomTypeIntent(work, intent);
    case INTENTS.updateRoomType:
      return updateRoomTypeIntent(work, intent);
    case INTENTS.deleteRoomType:
      return deleteRoomTypeIntent(work, intent);
    case INTENTS.moveRoomType:
      return moveRoomTypeIntent(work, intent);
    case INTENTS.setWeeks:
      return setWeeksIntent(work, intent);
    case INTENTS.openWeeks:
      return openWeeksIntent(work, intent);
    case INTENTS.publishRoomType:
      return publishRoomTypeIntent(work, intent);
    case INTENTS.publishLocation:
      return publishLocationIntent(work, intent);
  }
}

export default function AdminLocations({ loaderData, actionData }: Route.ComponentProps) {
  const {
    list,
    q,
    creating,
    missing,
    selected,
    roomTypeId,
    confirmDeleteImageId,
    confirmDelete,
    staysAhead,
  } = loaderData;
  const currentUrl = addressWithoutQuestion(useLocation());
  const location = selected?.location ?? null;
  const room = selected?.roomTypes.find((candidate) => candidate.id === roomTypeId) ?? null;
  const query = q || null;

  const [locationDirty, setLocationDirty] = useState(false);
  const [roomTypeDirty, setRoomTypeDirty] = useState(false);
  useUnsavedChanges(locationDirty || roomTypeDirty, leavesSelection(roomTypeDirty));
  useClearSelectionOnLogout();
  useRememberedSelection({
    selectedId: location?.id ?? null,
    roomTypeId,
    missing,
  });

  const answer = actionData ?? null;
  const formFor = (id: string | null) => (
    <section aria-labelledby="location-form-heading" className={cardClass}>
      <h2 id="location-form-heading" className="sr-only">
        Location details
      </h2>
      <LocationForm
        key={location ? `${location.id}:${location.updatedAt}` : "new"}
        location={location}
        lastResult={
          answer?.form === "location" && answer.locationId === id ? answer.result : undefined
        }
        onDirtyChange={setLocationDirty}
      />
    </section>
  );

  return (
    // Narrow screens read picker, location, room types, then Delete Location; wide ones put the
    // room types in a right column and Delete Location under the location.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)_19rem] lg:grid-rows-[auto_1fr]">
      {/* Fixed in view: out of the grid's flow. */}
      <ActionToast answer={actionData && "toast" in actionData ? actionData : null} />
      <div className="lg:sticky lg:top-4 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
        <LocationPicker
          list={list}
          selectedId={location?.id ?? null}
          query={q}
          previousId={loaderData.previousId}
          nextId={loaderData.nextId}
        />
      </div>

      <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-1">
        {location && selected ? (
          <>
            <LocationHeading location={location} />
            <PublishStatus onSite={!location.hidden} locationId={location.id} />
            {formFor(location.id)}
            <ImageManager
              locationId={location.id}
              roomTypeId={null}
              images={selected.locationImages}
              redirectTo={currentUrl}
              confirmDeleteId={confirmDeleteImageId}
            />
          </>
        ) : creating ? (
          <>
            <NewLocationHeading />
            {formFor(null)}
          </>
        ) : (
          <EmptyState missing={missing} />
        )}
      </div>

      <div className="min-w-0 space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
        {location && selected ? (
          <>
            <RoomTypeList
              locationId={location.id}
              roomTypes={selected.roomTypes}
              selectedId={roomTypeId}
              adding={loaderData.addingRoomType}
              q={query}
              currency={location.currency}
            />
            {loaderData.addingRoomType && (
              <RoomTypeCreateForm
                locationId={location.id}
                lastResult={
                  answer?.form === "room-type-create" && answer.locationId === location.id
                    ? answer.result
                    : undefined
                }
                cancelHref={adminHref({ location: location.id, q: query })}
              />
            )}
            {room && (
              <RoomTypeEditor
                key={`${room.id}:${room.updatedAt}`}
                locationId={location.id}
                room={room}
                lastResult={
                  answer?.form === "room-type" && answer.roomTypeId === room.id
                    ? answer.result
                    : undefined
                }
                backHref={adminHref({ location: location.id, q: query })}
                selfHref={adminHref({ location: location.id, roomType: room.id, q: query })}
                onDirtyChange={setRoomTypeDirty}
                deleteConfirming={confirmDelete === "room-type"}
                staysAhead={staysAhead[room.id] ?? 0}
                currency={location.currency}
                images={
                  <ImageManager
                    locationId={location.id}
                    roomTypeId={room.id}
                    images={selected.roomImages}
                    redirectTo={currentUrl}
                    confirmDeleteId={confirmDeleteImageId}
                  />
                }
                calendar={
                  <WeekCalendar
                    locationId={location.id}
                    roomTypeId={room.id}
                    weeks={selected.roomWeeks}
                    currency={location.currency}
                    lastResult={
                      answer?.form === "weeks" && answer.roomTypeId === room.id
                        ? answer.result
                        : undefined
                    }
                  />
                }
              />
            )}
          </>
        ) : creating ? (
          <RoomTypesLater />
        ) : null}
      </div>

      {location && (
        <div className="min-w-0 lg:col-start-2 lg:row-start-2 lg:self-start">
          <DeleteLocation
            location={location}
            confirming={confirmDelete === "location"}
            staysAhead={Object.values(staysAhead).reduce((sum, count) => sum + count, 0)}
            cancelHref={adminHref({ location: location.id, roomType: roomTypeId, q: query })}
          />
        </div>
      )}
    </div>
  );
}
