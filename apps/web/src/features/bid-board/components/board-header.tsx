// Bid Board header (marketplace §2 Home Bid Board): the 'Bids close' countdown, the search
// toggle with its input, for members open to dating the profile filter, and under them the
// board's failed fetches that did not stop it.
import clsx from 'clsx';
import { useState } from 'react';
import { ClockIcon, FilterIcon, SearchIcon } from '@/components/ui/icons';
import { fillSlot, SLOT } from '@/lib/i18n';
import type { CountdownView } from '../hooks/use-countdown';
import { useBoardText } from '../i18n';

const FILTER_OPTIONS = [
  { value: false, label: 'header.allProfiles' },
  { value: true, label: 'header.matchPreferences' },
] as const;

interface BoardHeaderProps {
  countdown: CountdownView;
  notices: readonly string[];
  search: string;
  onSearchChange: (value: string) => void;
  showFilter: boolean;
  datingFilter: boolean;
  onDatingFilterChange: (value: boolean) => void;
}

export function BoardHeader(props: BoardHeaderProps) {
  const { countdown, notices, search, onSearchChange, showFilter, datingFilter } = props;
  const t = useBoardText();
  const [searchOpen, setSearchOpen] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);

  const toggleSearch = () => {
    if (searchOpen) onSearchChange('');
    setSearchOpen(!searchOpen);
  };

  return (
    <div className="board-header">
      <div className="board-header__row">
        <p
          className={clsx('countdown', countdown.critical && 'countdown--critical')}
          role="timer"
          aria-live="off"
        >
          <ClockIcon size={18} />
          {countdown.ended || countdown.invalid ? (
            <span>{countdown.text}</span>
          ) : (
            <span>
              {fillSlot(
                t('header.bidsClose', { time: SLOT }),
                <span className="countdown__time">{countdown.text}</span>,
              )}
            </span>
          )}
        </p>
        <div className="board-header__actions">
          <button
            type="button"
            className={clsx('board-tool', searchOpen && 'is-active')}
            aria-label={t('header.search')}
            aria-expanded={searchOpen}
            onClick={toggleSearch}
          >
            <SearchIcon />
          </button>
          {showFilter ? (
            <div className="board-filter">
              <button
                type="button"
                className={clsx('board-tool', (filterOpen || datingFilter) && 'is-active')}
                aria-label={t('header.filter')}
                aria-expanded={filterOpen}
                onClick={() => setFilterOpen(!filterOpen)}
              >
                <FilterIcon />
              </button>
              {filterOpen ? (
                <fieldset className="board-filter__menu">
                  <legend className="visually-hidden">{t('header.filter')}</legend>
                  {FILTER_OPTIONS.map((option) => (
                    <label key={option.label} className="board-filter__option">
                      <input
                        type="radio"
                        name="dating-filter"
                        checked={datingFilter === option.value}
                        onChange={() => {
                          props.onDatingFilterChange(option.value);
                          setFilterOpen(false);
                        }}
                      />
                      {t(option.label)}
                    </label>
                  ))}
                </fieldset>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {searchOpen ? (
        <input
          className="board-search"
          type="search"
          placeholder={t('header.searchLabel')}
          aria-label={t('header.searchLabel')}
          value={search}
          autoFocus
          onChange={(event) => onSearchChange(event.currentTarget.value)}
        />
      ) : null}
      {notices.length > 0 ? (
        <div className="board-header__notices">
          {notices.map((notice) => (
            <p key={notice} role="alert">
              {notice}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
