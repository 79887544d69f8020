import { useId, useState, type DragEvent, type FormEvent } from "react";
import { IMAGE_ACTION_PATH, IMAGE_RULES } from "~/catalogue/image-manager";
import { buttonBase, GroupFields, smallButton, type ImageGroup } from "./group";
import { useInputBeforeHydration } from "~/lib/use-input-before-hydration";
import { fileKey, useUpload } from "./use-upload";

function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/**
 * The upload: a plain multipart form without JavaScript; with it, a drop zone, the list of chosen
 * files and a progress bar.
 */
export function UploadForm({
  group,
  onUploaded,
}: {
  group: ImageGroup;
  onUploaded: () => Promise<unknown>;
}) {
  const inputId = useId();
  const hintId = useId();
  const upload = useUpload(group, onUploaded);
  const [dragOver, setDragOver] = useState(false);
  // Files chosen before the scripts ran are in the input, not in the list: the list takes them.
  const formRef = useInputBeforeHydration<HTMLFormElement>((_values, form) => {
    const input = form.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input?.files?.length) return;
    upload.add(Array.from(input.files));
    input.value = "";
  });

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!Array.from(event.dataTransfer.types).includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = upload.uploading ? "none" : "copy";
    setDragOver(true);
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={IMAGE_ACTION_PATH}
      encType="multipart/form-data"
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        upload.start();
      }}
      className="mt-4"
    >
      <input type="hidden" name="intent" value="upload" />
      <GroupFields {...group} />
      <div
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragOver(false);
          if (!upload.uploading) upload.add(Array.from(event.dataTransfer.files));
        }}
        data-dragging={dragOver || undefined}
        className={`rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors ${
          dragOver ? "border-gold-500 bg-gold-300/20" : "bg-sand-50 border-slate-300"
        }`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="text-navy-700 mx-auto h-8 w-8">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
          />
        </svg>
        {/* Both ways are served; CSS shows the one for a browser that runs scripts (even before
            they have) or the one for a browser that does not, so nothing moves as they start. */}
        <p className="mt-2 text-sm text-slate-700 noscript:hidden">
          Drag and drop images here, or{" "}
          <label
            htmlFor={inputId}
            className="text-gold-700 cursor-pointer font-semibold underline-offset-4 hover:underline"
          >
            choose files
          </label>
        </p>
        <label
          htmlFor={inputId}
          className="text-navy-900 mt-2 hidden text-sm font-semibold noscript:block"
        >
          Choose images to upload
        </label>
        <input
          id={inputId}
          type="file"
          name="files"
          multiple
          accept="image/*"
          // One name, whichever of its two labels is shown.
          aria-label="Choose images to upload"
          aria-describedby={hintId}
          onChange={(event) => {
            upload.add(Array.from(event.currentTarget.files ?? []));
            // The list below holds the choice; the input is free for another pick.
            event.currentTarget.value = "";
          }}
          disabled={upload.uploading}
          className="file:bg-navy-900 sr-only max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:px-3 file:py-2 file:font-semibold file:text-white noscript:not-sr-only noscript:mx-auto noscript:mt-3 noscript:block"
        />
        <p id={hintId} className="mt-2 text-xs text-slate-600">
          JPEG, PNG, WebP, GIF or AVIF; up to {IMAGE_RULES.maxFiles} images of 10 MB each.
        </p>
      </div>

      {upload.files.length > 0 && (
        <SelectedFiles files={upload.files} disabled={upload.uploading} onRemove={upload.remove} />
      )}
      {upload.progress !== null && <UploadProgress percent={upload.progress} />}

      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={upload.uploading}
          className={`${buttonBase} bg-navy-900 hover:bg-navy-800 px-5 py-2.5 text-white`}
        >
          {upload.uploading ? "Uploading..." : "Upload"}
        </button>
        {upload.uploading && (
          <button
            type="button"
            onClick={upload.cancel}
            className={`${buttonBase} px-3 py-2.5 text-slate-700 hover:bg-slate-100`}
          >
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function SelectedFiles({
  files,
  disabled,
  onRemove,
}: {
  files: File[];
  disabled: boolean;
  onRemove: (file: File) => void;
}) {
  return (
    <div className="mt-3">
      <p className="text-navy-900 text-sm font-medium" aria-live="polite">
        {files.length} image{files.length === 1 ? "" : "s"} selected
      </p>
      <ul
        aria-label="Selected images"
        className="mt-2 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
      >
        {files.map((file) => (
          <li key={fileKey(file)} className="flex items-center gap-3 px-3 py-2 text-sm">
            <span className="min-w-0 flex-1 truncate text-slate-800">{file.name}</span>
            <span
              className={
                file.size > IMAGE_RULES.maxBytes ? "font-semibold text-red-700" : "text-slate-600"
              }
            >
              {formatBytes(file.size)}
            </span>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onRemove(file)}
              aria-label={`Remove ${file.name}`}
              className={`${smallButton} text-slate-600 hover:bg-slate-100`}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="mt-3 flex items-center gap-3">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="bg-gold-500 h-full rounded-full transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-navy-900 w-12 text-right text-sm font-semibold tabular-nums">
        {percent}%
      </span>
    </div>
  );
}
