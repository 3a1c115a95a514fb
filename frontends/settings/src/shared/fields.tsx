import { NativeSelect } from '@chakra-ui/react';
import { COUNTRIES, type Country } from '@pawline/api-client';
import type { Translate } from '../i18n/translator';
import { countryName, RANK_VALUES, rankName } from './options';

/** The six countries of spec §9 (R5.05: a 2-letter code). */
export function CountrySelect({
  name,
  value,
  onChange,
  t,
}: {
  name: string;
  value: Country | '';
  onChange: (value: Country | '') => void;
  t: Translate;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.currentTarget.value as Country | '')}>
        <option value="">—</option>
        {COUNTRIES.map((country) => (
          <option key={country} value={country}>
            {countryName(country, t)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Ranks 0–4 by name (spec §6); `emptyLabel` adds a "none" choice (-1); `labelledBy` names it where no field label does. */
export function RankSelect({
  name,
  value,
  onChange,
  t,
  emptyLabel,
  labelledBy,
}: {
  name: string;
  value: number;
  onChange: (value: number) => void;
  t: Translate;
  emptyLabel?: string;
  labelledBy?: string;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field
        name={name}
        value={String(value)}
        aria-labelledby={labelledBy}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        {emptyLabel ? <option value="-1">{emptyLabel}</option> : null}
        {RANK_VALUES.map((rank) => (
          <option key={rank} value={String(rank)}>
            {`${rank} – ${rankName(rank, t)}`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
