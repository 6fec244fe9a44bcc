// One favourite-thing slot: a category no other slot uses and a short answer, saved
// together. The server returns the cleaned answer, which is what the field then shows.
import {
  availableCategories,
  type FavoriteCategory,
  type User,
  validateCategoryChoice,
  validateFavoriteThing,
} from '@bidboard/shared';
import { useId } from 'react';
import { SettingsField } from '@/components/ui/settings-field/settings-field';
import { useSharedText } from '@/lib/i18n';
import { useProfileField } from '../hooks/use-profile-field';
import { useSettingsText } from '../i18n';

type Slot = 1 | 2 | 3;
type Favorite = { category: string; answer: string };

const categoriesOf = (user: User) =>
  [user.favorite_thing_1, user.favorite_thing_2, user.favorite_thing_3] as const;

export const FAVORITE_ANSWER_INPUT_MAX = 35;

export function FavoriteThingSetting({ user, slot }: { user: User; slot: Slot }) {
  const id = useId();
  const t = useSettingsText();
  const { sharedText } = useSharedText();
  const field = useProfileField<Favorite>({
    user,
    read: (u) => ({
      category: u[`favorite_thing_${slot}`] ?? '',
      answer: u[`favorite_thing_${slot}_answer`] ?? '',
    }),
    toChanges: ({ category, answer }) => {
      const categories = categoriesOf(user).map((c, i) => (i === slot - 1 ? category : c));
      const choice = validateCategoryChoice(categories, slot - 1);
      if (!choice.ok) return choice;
      const result = validateFavoriteThing({ category, answer });
      if (!result.ok) return result;
      return {
        ok: true,
        value: {
          [`favorite_thing_${slot}`]: result.value.category,
          [`favorite_thing_${slot}_answer`]: result.value.answer,
        },
      };
    },
  });
  const options = availableCategories(categoriesOf(user), slot - 1);

  return (
    <SettingsField
      label={t('favorite.label', { slot })}
      status={field.status}
      error={field.error}
      errorId={`${id}-error`}
    >
      <div className="favorite-row">
        <select
          className="settings-select"
          aria-label={t('favorite.category', { slot })}
          value={field.value.category}
          onChange={(e) => {
            const next = { ...field.value, category: e.target.value as FavoriteCategory };
            if (next.answer.trim()) void field.commit(next);
            else field.setValue(next);
          }}
        >
          <option value="">{t('favorite.choose')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {sharedText(o.label)}
            </option>
          ))}
        </select>
        <input
          className="settings-input"
          type="text"
          aria-label={t('favorite.answer', { slot })}
          placeholder={t('favorite.placeholder')}
          maxLength={FAVORITE_ANSWER_INPUT_MAX}
          value={field.value.answer}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={field.error ? `${id}-error` : undefined}
          onChange={(e) => field.setValue({ ...field.value, answer: e.target.value })}
          onBlur={() => void field.commit(field.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void field.commit(field.value);
            }
          }}
        />
      </div>
    </SettingsField>
  );
}
