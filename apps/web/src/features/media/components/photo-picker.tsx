// The photo uploader (accounts §2 Photo uploader): Uppy's Dashboard mounted into a div,
// with local files and the webcam (cloud and social sources only when a Companion URL is
// configured), one image of at most 15 MB, the image editor opened at once with the crop
// locked to 1:1, progress while sending, and, for slot 1, a check in the browser that
// the photo shows a face before anything is uploaded. 'Upload photo' applies the crop on
// screen first (there is no separate Save to find). The server crops square again and
// re-encodes, so the crop cannot be bypassed. Wording follows the device: no 'drop files'
// on a touch screen.
import {
  MEDIA_MESSAGES,
  PHOTO_MAX_BYTES,
  type ProfileImage,
  VERIFICATION_VIDEO,
} from '@bidboard/shared';
import type Uppy from '@uppy/core';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { API_BASE } from '@/lib/api-client';
import { authStorage } from '@/lib/auth-storage';
import { sharedText, useSharedText } from '@/lib/i18n';
import { forgetOwnProfileImages } from '../api/profile-images';
import { mediaText as t, useMediaText } from '../i18n';
import { imageHasFace, isFaceModelLoaded, loadFaceModel } from '../lib/face-model';
import './photo-picker.css';

type PickerUppy = Uppy<Record<string, unknown>, Record<string, unknown>>;
interface DashboardPlugin {
  getPluginState: () => { showFileEditor?: boolean };
  saveFileEditor: () => void;
}

/** Phones and tablets: nothing to drag a file from. */
const isTouchScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/** Where Uppy puts its 'browse' link in a sentence (its own placeholder syntax). */
const UPPY_BROWSE = '%{browseFiles}';
const BROWSE = { browse: UPPY_BROWSE };

export function pickerStrings(touch: boolean) {
  const pick = touch
    ? { dropPasteFiles: UPPY_BROWSE, dropPasteImportFiles: t('picker.touchImport', BROWSE) }
    : {
        dropPasteFiles: t('picker.drop', BROWSE),
        dropPasteImportFiles: t('picker.dropImport', BROWSE),
      };
  return {
    ...pick,
    browseFiles: touch ? t('picker.choosePhoto') : t('picker.chooseOne'),
    myDevice: touch ? t('picker.photos') : t('picker.thisDevice'),
    dropHint: t('picker.dropHint'),
    takePictureBtn: t('picker.takePhoto'),
    cancel: t('picker.chooseAnother'),
    // Uppy's own words on the screens this picker shows (camera, editor, file row).
    pluginNameCamera: t('uppy.camera'),
    noCameraTitle: t('uppy.noCameraTitle'),
    noCameraDescription: t('uppy.noCameraDescription'),
    allowAccessTitle: t('uppy.allowAccessTitle'),
    allowAccessDescription: t('uppy.allowAccessDescription'),
    takePicture: t('uppy.takePicture'),
    revert: t('uppy.revert'),
    rotate: t('uppy.rotate'),
    zoomIn: t('uppy.zoomIn'),
    zoomOut: t('uppy.zoomOut'),
    back: t('uppy.back'),
    removeFile: t('uppy.removeFile'),
    editImage: t('uppy.editImage'),
    editFile: t('uppy.editImage'),
    editing: t('uppy.editing', { file: '%{file}' }),
    finishEditingFile: t('uppy.finishEditing'),
    saveChanges: t('uppy.saveChanges'),
    save: t('uppy.save'),
    done: t('uppy.done'),
    error: t('uppy.error'),
    uploadComplete: t('uppy.uploadComplete'),
    uploadFailed: t('uppy.uploadFailed'),
    retry: t('uppy.retry'),
    youCanOnlyUploadFileTypes: sharedText(MEDIA_MESSAGES.notAnImage),
    exceedsSize: sharedText(MEDIA_MESSAGES.imageTooLarge),
  };
}

/** Applies the crop still open in the editor, so the member's crop is what is sent. */
async function applyOpenCrop(uppy: PickerUppy): Promise<void> {
  const dashboard = uppy.getPlugin('Dashboard') as unknown as DashboardPlugin | undefined;
  if (!dashboard?.getPluginState().showFileEditor) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    uppy.once('file-editor:complete', () => {
      clearTimeout(timer);
      resolve();
    });
    dashboard.saveFileEditor();
  });
}

/**
 * Uppy's single-file view renders its file as role="listitem" with no list around
 * it (axe: aria-required-parent, critical), so the files container gets the list
 * role, again whenever Uppy redraws it. Returns the stop function.
 */
export function keepFileListRole(root: HTMLElement): () => void {
  const mark = () => {
    for (const files of root.querySelectorAll('.uppy-Dashboard-files:not([role])')) {
      files.setAttribute('role', 'list');
    }
  };
  mark();
  const observer = new MutationObserver(mark);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

export interface PhotoPickerProps {
  displayOrder: number;
  /** Slot 1 must show the member's face (accounts §5). */
  requireFace: boolean;
  onUploaded: (image: ProfileImage) => void;
}

const COMPANION_URL = import.meta.env.VITE_COMPANION_URL as string | undefined;

async function createUppy(target: HTMLElement, displayOrder: number): Promise<PickerUppy> {
  const [core, dashboard, webcam, editor, xhr] = await Promise.all([
    import('@uppy/core'),
    import('@uppy/dashboard'),
    import('@uppy/webcam'),
    import('@uppy/image-editor'),
    import('@uppy/xhr-upload'),
    import('@uppy/core/css/style.min.css'),
    import('@uppy/dashboard/css/style.min.css'),
    import('@uppy/webcam/css/style.min.css'),
    import('@uppy/image-editor/css/style.min.css'),
  ]);
  const uppy: PickerUppy = new core.default({
    locale: { strings: pickerStrings(isTouchScreen()) } as never,
    autoProceed: false,
    allowMultipleUploadBatches: false,
    restrictions: {
      maxNumberOfFiles: 1,
      maxFileSize: PHOTO_MAX_BYTES,
      allowedFileTypes: ['image/*'],
    },
  });
  uppy
    .use(dashboard.default, {
      inline: true,
      target,
      width: '100%',
      height: 420,
      theme: 'dark',
      hideUploadButton: true,
      hideRetryButton: true,
      hidePauseResumeButton: true,
      proudlyDisplayPoweredByUppy: false,
      autoOpen: 'imageEditor',
      // Our own message line shows every refusal, once, in the product's words.
      disableInformer: true,
      note: t('picker.note'),
    })
    .use(webcam.default, {
      modes: ['picture'],
      mirror: true,
      showVideoSourceDropdown: false,
      videoConstraints: { facingMode: VERIFICATION_VIDEO.facingMode },
    })
    .use(editor.default, {
      quality: 0.9,
      cropperOptions: {
        aspectRatio: 1,
        initialAspectRatio: 1,
        viewMode: 1,
        autoCropArea: 1,
        croppedCanvasOptions: {},
      },
      actions: {
        revert: true,
        rotate: true,
        granularRotate: false,
        flip: false,
        zoomIn: true,
        zoomOut: true,
        cropSquare: false,
        cropWidescreen: false,
        cropWidescreenVertical: false,
      },
    })
    .use(xhr.default, {
      endpoint: `${API_BASE}/uploadProfileImage?display_order=${displayOrder}&image_type=${
        displayOrder === 1 ? 'profile' : 'additional'
      }`,
      method: 'POST',
      formData: false,
      limit: 1,
      headers: (): Record<string, string> => {
        const token = authStorage.getToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    });
  if (COMPANION_URL) {
    const remote = await import('@uppy/remote-sources');
    uppy.use(remote.default, {
      companionUrl: COMPANION_URL,
      sources: ['GoogleDrive', 'Dropbox', 'OneDrive', 'Box', 'Facebook'],
    } as never);
  }
  return uppy;
}

function serverMessage(response: unknown): string | null {
  const body = (response as { body?: { message?: unknown } } | undefined)?.body;
  return typeof body?.message === 'string' ? body.message : null;
}

export function PhotoPicker({ displayOrder, requireFace, onUploaded }: PhotoPickerProps) {
  useMediaText();
  const { sharedText } = useSharedText();
  const target = useRef<HTMLDivElement>(null);
  const uppyRef = useRef<PickerUppy | null>(null);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;
  const [ready, setReady] = useState(false);
  const [hasFile, setHasFile] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'cropping' | 'checking' | 'uploading'>('idle');
  const [modelLoading, setModelLoading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let instance: PickerUppy | null = null;
    const element = target.current;
    if (!element) return;
    const stopListRole = keepFileListRole(element);
    createUppy(element, displayOrder).then(
      (uppy) => {
        if (disposed) {
          uppy.destroy();
          return;
        }
        instance = uppy;
        uppyRef.current = uppy;
        uppy.on('file-added', () => {
          setHasFile(true);
          setError(null);
        });
        uppy.on('file-removed', () => setHasFile(uppy.getFiles().length > 0));
        uppy.on('upload-progress', (_file, p) => {
          if (p.bytesTotal) setProgress(Math.round((p.bytesUploaded / p.bytesTotal) * 100));
        });
        uppy.on('upload-success', (_file, response) => {
          forgetOwnProfileImages();
          const image = (response.body as { image?: ProfileImage } | undefined)?.image;
          setPhase('idle');
          if (image) onUploadedRef.current(image);
        });
        uppy.on('upload-error', (_file, _error, response) => {
          setPhase('idle');
          setError(serverMessage(response) ?? MEDIA_MESSAGES.uploadFailed);
        });
        uppy.on('restriction-failed', (file, restriction) => {
          const isImage = file?.type?.startsWith('image/') ?? false;
          setError(isImage ? restriction.message : MEDIA_MESSAGES.notAnImage);
        });
        setReady(true);
      },
      () => {
        if (!disposed) setError(MEDIA_MESSAGES.loadUploaderFailed);
      },
    );
    return () => {
      disposed = true;
      stopListRole();
      instance?.destroy();
      uppyRef.current = null;
    };
  }, [displayOrder]);

  async function handleUpload() {
    const uppy = uppyRef.current;
    if (!uppy || uppy.getFiles().length === 0) return;
    setError(null);
    setPhase('cropping');
    await applyOpenCrop(uppy);
    const file = uppy.getFiles()[0];
    if (!file) return setPhase('idle');
    if (requireFace && file.data instanceof Blob) {
      setPhase('checking');
      setModelLoading(!isFaceModelLoaded());
      let hasFace = true;
      try {
        await loadFaceModel();
        setModelLoading(false);
        hasFace = await imageHasFace(file.data);
      } catch {
        // Without WebGL the check cannot run; the photo still goes to human review.
        hasFace = true;
      }
      if (!hasFace) {
        setPhase('idle');
        setError(MEDIA_MESSAGES.faceRequired);
        return;
      }
    }
    setProgress(0);
    setPhase('uploading');
    const retrying = uppy.getFiles().some((f) => f.error);
    await (retrying ? uppy.retryAll() : uppy.upload()).catch(() => undefined);
  }

  return (
    <div className="photo-picker">
      <div ref={target} className="photo-picker__dashboard" data-ready={ready || undefined} />
      {phase === 'uploading' ? (
        <div
          className="photo-picker__progress"
          role="progressbar"
          aria-label={t('picker.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <span className="photo-picker__bar" data-progress={progress}>
            <span
              className="photo-picker__fill"
              ref={(el) => el?.style.setProperty('width', `${progress}%`)}
            />
          </span>
          <span className="photo-picker__percent">{progress}%</span>
        </div>
      ) : null}
      <p className="photo-picker__status" aria-live="polite">
        {phase === 'checking'
          ? modelLoading
            ? t('picker.modelLoading')
            : t('picker.lookingForFace')
          : null}
      </p>
      {error ? (
        <p className="photo-picker__error" role="alert">
          {sharedText(error)}
        </p>
      ) : null}
      <Button block disabled={!hasFile} busy={phase !== 'idle'} onClick={handleUpload}>
        {phase === 'cropping' || phase === 'checking'
          ? t('picker.checking')
          : phase === 'uploading'
            ? t('picker.uploading')
            : t('picker.upload')}
      </Button>
    </div>
  );
}
