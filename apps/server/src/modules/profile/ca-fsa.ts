// Canadian forward sortation areas (the first three characters of a postal code), read
// from the `zipcodes` package, which carries all ~1,620 FSAs offline. Its Canadian rows
// need two repairs before a member sees them: the province is a free-text name (sometimes
// a county), so it is derived from the FSA's first letter as Canada Post assigns them;
// and the place names lost their accents and their capitals, so they are restored here.
import { zipTable } from './zip-table';

/** Canada Post's first letters; X is split between the Northwest Territories and Nunavut. */
const PROVINCE_BY_LETTER: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};
const NUNAVUT_FSAS = new Set(['X0A', 'X0B', 'X0C']);

export function provinceOfFsa(fsa: string): string | null {
  const letter = fsa[0] ?? '';
  if (letter === 'X') return NUNAVUT_FSAS.has(fsa) ? 'NU' : 'NT';
  return PROVINCE_BY_LETTER[letter] ?? null;
}

// Words whose accented letter the package replaced with U+FFFD, as they are spelled.
const ACCENTED = [
  'Adèle',
  'Açores',
  'Bélair',
  'Chaudière',
  'Chénéville',
  'Châteauguay',
  'Côte',
  'Dorothée',
  'François',
  'Félicien',
  'Gaspé',
  'Gaspésie',
  'Geneviève',
  'Grâce',
  'Hébert',
  'Hébertville',
  'Hélène',
  'Jonquière',
  'Jérôme',
  'Île',
  'Îles',
  'Épiphanie',
  'Lamèque',
  'Lanaudière',
  'Laterrière',
  'Léonard',
  'Lévis',
  'Montérégie',
  'Mère',
  'Métabetchouan',
  'Pelé',
  'Pocatière',
  'Prévost',
  'Québec',
  'Rivière',
  'Rivières',
  'Région',
  'Thérèse',
  'Trinité',
  'Témiscamingue',
  'Vallée',
  'Valère',
  'Émard',
  'Émile',
];
const ACCENT_REPAIRS = new Map(
  ACCENTED.map((word) => [word.toLowerCase().replace(/[^a-z]/g, '\uFFFD'), word.toLowerCase()]),
);

// Lower-case joining words, except at the start of a name.
const MINOR_WORDS = new Set([
  'and',
  'of',
  'the',
  'de',
  'des',
  'du',
  'la',
  'le',
  'les',
  'sur',
  'en',
  'et',
  'aux',
]);
// Trailing words that split a city into sorting districts: 'Surrey Inner Northwest',
// 'Regina Northeast And East Central', 'Courtenay Northern Outskirts'.
const DISTRICT_WORDS = new Set([
  'north',
  'south',
  'east',
  'west',
  'northeast',
  'northwest',
  'southeast',
  'southwest',
  'central',
  'inner',
  'outer',
  'upper',
  'northern',
  'southern',
  'eastern',
  'western',
  'outskirts',
  'extremities',
  'subdivisions',
  'and',
  '&',
]);
const PROVINCIAL_GOVERNMENT =
  /\s+(British Columbia|Manitoba|New Brunswick|Newfoundland & Labrador|Nova Scotia|Prince Edward Island|Saskatchewan|Ontario)\s+Provincial Government$/i;
// Government, PO-box and business-reply areas whose names are not places.
const PLACE_OVERRIDES: Readonly<Record<string, string>> = {
  K1A: 'Ottawa',
  G1A: 'Quebec City',
  M5W: 'Toronto',
  M7A: 'Toronto',
  M7Y: 'Toronto',
};

function repairAccents(name: string): string {
  return name.replace(
    /[\p{L}\uFFFD]*\uFFFD[\p{L}\uFFFD]*/gu,
    (w) => ACCENT_REPAIRS.get(w.toLowerCase()) ?? w,
  );
}

function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(
      /(^|[\s\-/(])(\p{L})(\p{L}*)/gu,
      (_, sep: string, first: string, rest: string, at: number) => {
        const word = first + rest;
        return at > 0 && MINOR_WORDS.has(word) ? sep + word : sep + first.toUpperCase() + rest;
      },
    )
    .replace(
      /\b([LD]')(\p{L})/gu,
      (_, prefix: string, letter: string) => prefix.toUpperCase() + letter.toUpperCase(),
    )
    .replace(/\bMc(\p{L})/gu, (_, letter: string) => `Mc${letter.toUpperCase()}`);
}

function dropDistrictWords(name: string): string {
  const words = name.split(' ');
  while (words.length > 1 && DISTRICT_WORDS.has(words.at(-1)!.toLowerCase())) words.pop();
  return words.join(' ');
}

/**
 * The place a member would name for an FSA. Rural FSAs (digit 0) are regions named after
 * their main town in brackets, 'Eastern Alberta (st. Paul)', so the town is used; urban
 * ones are a city or district with a list of neighbourhoods in brackets and often a
 * district part ('Brampton North Central'), so the city or district alone is used.
 */
export function cleanFsaPlace(fsa: string, raw: string): string {
  const override = PLACE_OVERRIDES[fsa];
  if (override) return override;
  let name = repairAccents(raw).replace(/-\s+/g, '-').replace(/\s+/g, ' ').trim();
  name = name.replace(PROVINCIAL_GOVERNMENT, '');
  const bracket = /^(.*?)\s*\((.*)\)$/.exec(name);
  if (bracket) {
    const [, region = '', inside = ''] = bracket;
    name = fsa[1] === '0' && !inside.includes('/') ? inside : region;
  }
  return titleCase(dropDistrictWords(name.trim()));
}

export type FsaPlace = { province: string; city: string };

let places: Map<string, FsaPlace> | null = null;

function loadPlaces(): Map<string, FsaPlace> {
  const map = new Map<string, FsaPlace>();
  for (const entry of Object.values(zipTable().codes)) {
    if (entry.country !== 'Canada') continue;
    const province = provinceOfFsa(entry.zip);
    if (province) map.set(entry.zip, { province, city: cleanFsaPlace(entry.zip, entry.city) });
  }
  return map;
}

/** Province and place of a real FSA, or null when Canada Post has no such area. */
export function lookupFsa(fsa: string): FsaPlace | null {
  places ??= loadPlaces();
  return places.get(fsa.toUpperCase()) ?? null;
}
