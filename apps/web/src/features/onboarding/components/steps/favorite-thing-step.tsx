// Steps 7 to 9: favourite things 1 to 3 (accounts §5 'Favourite things'): a category no
// other slot uses and a 2 to 35 character answer; the server's cleaned answer is saved.
import {
  availableCategories,
  CONTENT_MESSAGES,
  FAVORITE_ANSWER_MAX,
  FAVORITE_CATEGORY_LABELS,
  type FavoriteCategory,
  isFavoriteCategory,
  validateCategoryChoice,
  validateFavoriteThing,
} from '@bidboard/shared';
import { useState } from 'react';
import { useSharedText } from '@/lib/i18n';
import { favoriteThingContentCheck } from '../../api/content-checks';
import { useOnboardingText } from '../../i18n';
import { runContentCheck } from '../../lib/content-check';
import { required, StepForm, useStepState } from '../step-form';
import { Select } from './birth-date-step';
import type { StepProps } from './step-props';

type Slot = 1 | 2 | 3;

export function FavoriteThingStep({ user, save, slot }: StepProps & { slot: Slot }) {
  const t = useOnboardingText();
  const { sharedText } = useSharedText();
  const titles = [t('favorite.title1'), t('favorite.title2'), t('favorite.title3')];
  const state = useStepState();
  const [category, setCategory] = useState<string>(user[`favorite_thing_${slot}`] ?? '');
  const [answer, setAnswer] = useState(user[`favorite_thing_${slot}_answer`] ?? '');
  const categories = ([1, 2, 3] as const).map((n) =>
    n === slot ? category : user[`favorite_thing_${n}`],
  );
  const options = availableCategories(categories, slot - 1);

  const collect = async () => {
    const thing = required(validateFavoriteThing({ category, answer }));
    required(validateCategoryChoice(categories, slot - 1));
    const cleaned = required(
      await runContentCheck({
        text: thing.answer,
        request: () => favoriteThingContentCheck(thing.category, thing.answer),
        rejectMessage: CONTENT_MESSAGES.favoriteAnswer,
      }),
    );
    return {
      [`favorite_thing_${slot}`]: thing.category,
      [`favorite_thing_${slot}_answer`]: cleaned,
    };
  };

  const label = isFavoriteCategory(category)
    ? sharedText(FAVORITE_CATEGORY_LABELS[category as FavoriteCategory]).toLowerCase()
    : null;

  return (
    <StepForm
      state={state}
      title={titles[slot - 1]!}
      help={t('favorite.help')}
      save={save}
      collect={collect}
    >
      <div className="ob-stack">
        <Select
          label={t('favorite.category')}
          value={category}
          invalid={!!state.error && !category}
          onChange={(value) => {
            setCategory(value);
            state.setError(null);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {sharedText(o.label)}
            </option>
          ))}
        </Select>
        <label className="ob-select">
          <span className="ob-label">{t('favorite.answer')}</span>
          <input
            className="ob-input ob-input--counted"
            aria-label={t('favorite.answer')}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? state.errorId : undefined}
            maxLength={FAVORITE_ANSWER_MAX + 10}
            placeholder={
              label ? t('favorite.placeholder', { category: label }) : t('favorite.answer')
            }
            value={answer}
            onChange={(event) => {
              setAnswer(event.currentTarget.value);
              state.setError(null);
            }}
          />
          <span className="ob-counter ob-counter--inline" aria-hidden="true">
            {answer.trim().length}/{FAVORITE_ANSWER_MAX}
          </span>
        </label>
      </div>
    </StepForm>
  );
}
