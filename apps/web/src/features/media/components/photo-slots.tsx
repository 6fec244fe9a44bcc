// Profile settings photo slots 1-3 (accounts §2 Profile settings, §4 Photo ordering):
// photos in review carry an 'In review' badge, an empty slot opens the picker, holding a
// photo for 1.5 s enters 'Rearrange Photos' where taps swap photos locally until Done
// saves them. Leaving with an unsaved order asks first. Slots 2 and 3 can be deleted.
// The face rule (issue 20) is explained before the member tries: in rearrange mode a
// photo that cannot be Main says why, and the server's own refusal is shown as sent.
import { LONG_PRESS_REARRANGE_MS, MEDIA_MESSAGES, type UserProfileImage } from '@bidboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Dialog } from '@/components/ui/sheet';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSharedText } from '@/lib/i18n';
import { deleteProfileImage, saveImagesOrder } from '../api/photo-changes';
import { OWN_IMAGES_KEY, useOwnProfileImages } from '../api/profile-images';
import { useMediaText } from '../i18n';
import {
  firstSpotProblemOf,
  orderChanged,
  orderPayload,
  type Slots,
  slotsFrom,
  swapSlots,
} from '../lib/slot-order';
import { PhotoPicker } from './photo-picker';
import './photo-slots.css';

const NO_IMAGES: UserProfileImage[] = [];

export function PhotoSlots() {
  const t = useMediaText();
  const { sharedText } = useSharedText();
  const queryClient = useQueryClient();
  // A stable empty list: a fresh [] each render would reset the local order forever.
  const { data: images = NO_IMAGES, isPending } = useOwnProfileImages();
  const saved = useMemo(() => slotsFrom(images), [images]);
  const [rearranging, setRearranging] = useState(false);
  const [local, setLocal] = useState<Slots>(saved);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The click that ends a long press must not also select the photo.
  const swallowClick = useRef(false);

  const dirty = rearranging && orderChanged(saved, local);
  const blocker = useBlocker(dirty);
  const slots = rearranging ? local : saved;

  useEffect(() => {
    if (!rearranging) setLocal(saved);
  }, [saved, rearranging]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(
    () => () => {
      if (pressTimer.current) clearTimeout(pressTimer.current);
    },
    [],
  );

  function refresh() {
    return queryClient.invalidateQueries({ queryKey: OWN_IMAGES_KEY });
  }

  function cancelPress() {
    if (pressTimer.current) clearTimeout(pressTimer.current);
    pressTimer.current = null;
  }

  function handlePressStart(index: number) {
    swallowClick.current = false;
    if (rearranging || !saved[index]) return;
    cancelPress();
    pressTimer.current = setTimeout(() => {
      pressTimer.current = null;
      swallowClick.current = true;
      setLocal(saved);
      setSelected(null);
      setError(null);
      setRearranging(true);
    }, LONG_PRESS_REARRANGE_MS);
  }

  function handleSlotTap(index: number) {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    if (!rearranging) {
      if (!saved[index]) setAdding(index + 1);
      return;
    }
    if (selected === null) {
      if (!local[index]) {
        setError(MEDIA_MESSAGES.swapEmptySlot);
        return;
      }
      setError(null);
      setSelected(index);
      return;
    }
    const result = swapSlots(local, selected, index);
    setSelected(null);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setLocal(result.slots);
  }

  async function handleDone() {
    if (!dirty) {
      setRearranging(false);
      setSelected(null);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await saveImagesOrder(orderPayload(local));
      await refresh();
      setRearranging(false);
      setSelected(null);
    } catch (caught) {
      // A rule the server refused with (the face rule) says why; anything else is the spec's.
      setError(
        isApiError(caught) && caught.status === 400
          ? errorMessage(caught, MEDIA_MESSAGES.saveOrderFailed)
          : MEDIA_MESSAGES.saveOrderFailed,
      );
    } finally {
      setSaving(false);
    }
  }

  function discard() {
    setConfirmDiscard(false);
    setRearranging(false);
    setSelected(null);
    setError(null);
    setLocal(saved);
    if (blocker.state === 'blocked') blocker.proceed();
  }

  function keepEditing() {
    setConfirmDiscard(false);
    if (blocker.state === 'blocked') blocker.reset();
  }

  async function handleDelete(image: UserProfileImage) {
    setError(null);
    try {
      await deleteProfileImage(image.display_order, image.image_type);
      await refresh();
    } catch (caught) {
      setError(errorMessage(caught, MEDIA_MESSAGES.deleteFailed));
    }
  }

  return (
    <section className="photo-slots" aria-label={t('slots.label')}>
      <div className="photo-slots__bar">
        <h3 className="photo-slots__title">
          {rearranging ? t('slots.rearrange') : t('slots.label')}
        </h3>
        {rearranging ? (
          <div className="photo-slots__actions">
            <Button
              variant="ghost"
              size="md"
              onClick={() => (dirty ? setConfirmDiscard(true) : discard())}
            >
              {t('slots.cancel')}
            </Button>
            <Button size="md" busy={saving} onClick={handleDone}>
              {t('slots.done')}
            </Button>
          </div>
        ) : null}
      </div>
      <ol className={clsx('photo-slots__grid', rearranging && 'photo-slots__grid--wiggle')}>
        {slots.map((image, index) => (
          <li key={image?.id ?? `empty-${index}`} className="photo-slots__cell">
            <button
              type="button"
              className={clsx(
                'photo-slot',
                !image && 'photo-slot--empty',
                selected === index && 'photo-slot--selected',
              )}
              aria-label={
                image
                  ? t(image.is_approved === 'pending' ? 'slots.photoInReview' : 'slots.photo', {
                      number: index + 1,
                    })
                  : t('slots.add', { number: index + 1 })
              }
              aria-pressed={rearranging ? selected === index : undefined}
              disabled={isPending}
              onClick={() => handleSlotTap(index)}
              onPointerDown={() => handlePressStart(index)}
              onPointerUp={cancelPress}
              onPointerLeave={cancelPress}
              onPointerCancel={cancelPress}
              onContextMenu={(event) => event.preventDefault()}
            >
              {image ? (
                <img src={image.url} alt="" draggable={false} className="photo-slot__img" />
              ) : (
                <span className="photo-slot__plus" aria-hidden="true">
                  +
                </span>
              )}
              {index === 0 ? <span className="photo-slot__main">{t('slots.main')}</span> : null}
              {image?.is_approved === 'pending' ? (
                <span className="photo-slot__badge">{t('slots.inReview')}</span>
              ) : null}
              {image?.is_approved === 'rejected' ? (
                <span className="photo-slot__badge photo-slot__badge--rejected">
                  {t('slots.notApproved')}
                </span>
              ) : null}
              {image && image.is_approved !== 'rejected' && image.face_check === 'no_face' ? (
                <span className="photo-slot__badge photo-slot__badge--face">
                  {sharedText(MEDIA_MESSAGES.noFaceBadge)}
                </span>
              ) : null}
              {image && image.is_approved === 'approved' && image.face_check === 'pending' ? (
                <span className="photo-slot__badge">
                  {sharedText(MEDIA_MESSAGES.checkingBadge)}
                </span>
              ) : null}
            </button>
            {image && index > 0 && !rearranging ? (
              <button
                type="button"
                className="photo-slot__delete"
                aria-label={t('slots.delete', { number: index + 1 })}
                onClick={() => handleDelete(image)}
              >
                <CloseIcon size={16} />
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="photo-slots__hint">
        {rearranging ? t('slots.rearrangeHint') : t('slots.hint')}
      </p>
      {rearranging && selected !== null && selected > 0 && local[selected] ? (
        <p className="photo-slots__hint" role="status">
          {sharedText(firstSpotProblemOf(local[selected]!) ?? '')}
        </p>
      ) : null}
      {error ? (
        <p className="photo-slots__error" role="alert">
          {sharedText(error)}
        </p>
      ) : null}

      <Dialog
        open={adding !== null}
        onOpenChange={(open) => !open && setAdding(null)}
        title={t('slots.add', { number: adding ?? '' })}
      >
        {adding !== null ? (
          <PhotoPicker
            displayOrder={adding}
            requireFace={adding === 1}
            onUploaded={() => {
              setAdding(null);
              void refresh();
            }}
          />
        ) : null}
      </Dialog>

      <Dialog
        open={confirmDiscard || blocker.state === 'blocked'}
        onOpenChange={(open) => !open && keepEditing()}
        title={t('slots.discardTitle')}
        description={t('slots.discardDescription')}
      >
        <div className="photo-slots__confirm">
          <Button variant="secondary" block onClick={keepEditing}>
            {t('slots.keepEditing')}
          </Button>
          <Button block onClick={discard}>
            {t('slots.discard')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
