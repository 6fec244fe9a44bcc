// The people of the local demo: a referrer account 'demo' and 24 fully onboarded,
// approved members across US and Canadian cities. Postal codes are real (landmarks and
// city centres); phones sit in the fictional 201-555-01xx block.
import type { FavoriteCategory } from '@bidboard/shared';

type Place = readonly [postal: string, city: string, state: string, country: 'US' | 'CA'];

const PLACES = {
  chelsea: ['10011', 'New York', 'NY', 'US'],
  midtown: ['10001', 'New York', 'NY', 'US'],
  brooklyn: ['11211', 'Brooklyn', 'NY', 'US'],
  sf: ['94103', 'San Francisco', 'CA', 'US'],
  la: ['90026', 'Los Angeles', 'CA', 'US'],
  sd: ['92101', 'San Diego', 'CA', 'US'],
  chicago: ['60614', 'Chicago', 'IL', 'US'],
  austin: ['78704', 'Austin', 'TX', 'US'],
  seattle: ['98109', 'Seattle', 'WA', 'US'],
  portland: ['97209', 'Portland', 'OR', 'US'],
  miami: ['33139', 'Miami Beach', 'FL', 'US'],
  boston: ['02116', 'Boston', 'MA', 'US'],
  denver: ['80202', 'Denver', 'CO', 'US'],
  atlanta: ['30309', 'Atlanta', 'GA', 'US'],
  philly: ['19103', 'Philadelphia', 'PA', 'US'],
  nashville: ['37203', 'Nashville', 'TN', 'US'],
  minneapolis: ['55401', 'Minneapolis', 'MN', 'US'],
  dc: ['20001', 'Washington', 'DC', 'US'],
  toronto: ['M5V 2T6', 'Toronto', 'ON', 'CA'],
  montreal: ['H2Y 1C6', 'Montreal', 'QC', 'CA'],
  vancouver: ['V6B 4Y8', 'Vancouver', 'BC', 'CA'],
  calgary: ['T2P 1J9', 'Calgary', 'AB', 'CA'],
  ottawa: ['K1N 9J7', 'Ottawa', 'ON', 'CA'],
  halifax: ['B3H 4P7', 'Halifax', 'NS', 'CA'],
  edmonton: ['T5J 0H6', 'Edmonton', 'AB', 'CA'],
} as const satisfies Record<string, Place>;

export interface DemoMember {
  username: string;
  gender: 'female' | 'male' | 'non-binary';
  age: number;
  place: Place;
  /** null: not open to dating, so the wizard skipped seeking gender and age range. */
  seeking: 'female' | 'male' | 'non-binary' | 'everyone' | null;
  favorites: readonly [FavoriteCategory, string][];
  bio: string;
  photos: 1 | 2 | 3;
}

export const DEMO_REFERRER: DemoMember = {
  username: 'demo',
  gender: 'female',
  age: 30,
  place: PLACES.chelsea,
  seeking: 'everyone',
  favorites: [
    ['podcast', 'Radiolab'],
    ['dish', 'Pad see ew'],
    ['hobby', 'Bouldering'],
  ],
  bio: 'Host of this little demo. Ask me for the best ramen spot in Chelsea, or for an invite.',
  photos: 2,
};
export const DEMO_REFERRER_PHONE = '+12015550100';

const m = (
  username: string,
  gender: DemoMember['gender'],
  age: number,
  place: Place,
  seeking: DemoMember['seeking'],
  favorites: DemoMember['favorites'],
  bio: string,
  photos: DemoMember['photos'],
): DemoMember => ({ username, gender, age, place, seeking, favorites, bio, photos });

export const DEMO_MEMBERS: readonly DemoMember[] = [
  m(
    'maya_rivers',
    'female',
    29,
    PLACES.midtown,
    'male',
    [
      ['movie', 'Before Sunrise'],
      ['dish', 'Shakshuka'],
      ['dream_destination', 'Lisbon'],
    ],
    'Sunday farmers-market regular. I will absolutely judge your coffee order, kindly.',
    2,
  ),
  m(
    'jordan_b',
    'male',
    34,
    PLACES.sf,
    'female',
    [
      ['hobby', 'Trail running'],
      ['book', 'The Overstory'],
      ['team', 'Golden State Warriors'],
    ],
    'Product designer who runs the Presidio loop at dawn and bakes sourdough badly.',
    1,
  ),
  m(
    'sky-ellis',
    'non-binary',
    27,
    PLACES.brooklyn,
    'everyone',
    [
      ['music', 'Japanese city pop'],
      ['show', 'Abbott Elementary'],
      ['hobby', 'Film photography'],
    ],
    'Muralist, plant parent, karaoke menace. Looking for someone to split dumplings with.',
    3,
  ),
  m(
    'priya88',
    'female',
    31,
    PLACES.toronto,
    'male',
    [
      ['podcast', 'Hidden Brain'],
      ['dish', 'Butter chicken'],
      ['dream_destination', 'Kyoto in autumn'],
    ],
    'ER nurse by night, board-game host by weekend. Bring snacks and a competitive streak.',
    1,
  ),
  m(
    'marcusj',
    'male',
    42,
    PLACES.chicago,
    'female',
    [
      ['team', 'Chicago Cubs'],
      ['music', 'Motown classics'],
      ['dish', 'Deep dish, obviously'],
    ],
    'Architect and lakefront cyclist. Dad jokes included at no extra charge.',
    2,
  ),
  m(
    'lena_k',
    'female',
    24,
    PLACES.austin,
    'everyone',
    [
      ['music', 'Phoebe Bridgers'],
      ['hobby', 'Thrifting'],
      ['movie', 'Lady Bird'],
    ],
    'Grad student in urban planning. Best tacos in town debate? I came prepared.',
    1,
  ),
  m(
    'theo_nguyen',
    'male',
    26,
    PLACES.seattle,
    'male',
    [
      ['show', 'The Great British Bake Off'],
      ['hobby', 'Climbing'],
      ['dish', 'Pho with extra basil'],
    ],
    'Software engineer who would rather be on a ferry to Bainbridge. Rain does not scare me.',
    3,
  ),
  m(
    'riley-quinn',
    'non-binary',
    33,
    PLACES.portland,
    null,
    [
      ['book', 'Braiding Sweetgrass'],
      ['podcast', 'Song Exploder'],
      ['hobby', 'Pottery'],
    ],
    'Ceramicist and bike commuter. Here for good conversation and new friends first.',
    1,
  ),
  m(
    'sofia_m',
    'female',
    38,
    PLACES.miami,
    'male',
    [
      ['dream_destination', 'Amalfi Coast'],
      ['music', 'Bad Bunny'],
      ['dish', 'Ceviche'],
    ],
    'Marine biologist who talks to manatees. Salsa lessons on Thursdays, join me?',
    2,
  ),
  m(
    'danny_o',
    'male',
    47,
    PLACES.boston,
    'female',
    [
      ['team', 'Boston Red Sox'],
      ['book', 'Lonesome Dove'],
      ['movie', 'Good Will Hunting'],
    ],
    'High-school history teacher and weekend sailor. I make a mean clam chowder.',
    1,
  ),
  m(
    'ava_chen',
    'female',
    22,
    PLACES.vancouver,
    'male',
    [
      ['show', 'Gilmore Girls'],
      ['hobby', 'Snowboarding'],
      ['dish', 'Dim sum brunch'],
    ],
    'Just finished my degree in kinesiology. Mountains in the morning, sushi at night.',
    3,
  ),
  m(
    'omar_h',
    'male',
    30,
    PLACES.montreal,
    'female',
    [
      ['music', 'Daft Punk'],
      ['dish', 'Poutine at 2am'],
      ['movie', 'Amelie'],
    ],
    'Chef at a tiny bistro in the Old Port. I will cook, you pick the wine.',
    2,
  ),
  m(
    'grace_l',
    'female',
    52,
    PLACES.denver,
    'male',
    [
      ['hobby', 'Fly fishing'],
      ['book', 'Where the Crawdads Sing'],
      ['dream_destination', 'Patagonia'],
    ],
    'Retired pilot, now a full-time hiker. Fourteeners completed: 31 and counting.',
    1,
  ),
  m(
    'noah_w',
    'male',
    28,
    PLACES.atlanta,
    'female',
    [
      ['podcast', 'Code Switch'],
      ['team', 'Atlanta Hawks'],
      ['dish', 'Shrimp and grits'],
    ],
    'Music producer and brunch enthusiast. Ask me about the best record shops in the city.',
    2,
  ),
  m(
    'kai_morgan',
    'non-binary',
    25,
    PLACES.la,
    'female',
    [
      ['movie', 'Everything Everywhere'],
      ['hobby', 'Surfing'],
      ['music', 'Tame Impala'],
    ],
    'Animator in Echo Park. Sunset surf sessions and bad puns are my love language.',
    1,
  ),
  m(
    'isabel_r',
    'female',
    36,
    PLACES.philly,
    null,
    [
      ['book', 'Pride and Prejudice'],
      ['show', 'Ted Lasso'],
      ['dish', 'Roast pork sandwich'],
    ],
    'Librarian and amateur baker. New in town and looking to meet kind, curious people.',
    1,
  ),
  m(
    'eli_brooks',
    'male',
    55,
    PLACES.nashville,
    'female',
    [
      ['music', 'Johnny Cash'],
      ['hobby', 'Woodworking'],
      ['team', 'Tennessee Titans'],
    ],
    'Session guitarist for thirty years. Porch, two chairs, one guitar: you are welcome.',
    2,
  ),
  m(
    'hannah_s',
    'female',
    45,
    PLACES.minneapolis,
    'male',
    [
      ['hobby', 'Cross-country skiing'],
      ['podcast', 'This American Life'],
      ['dish', 'Wild rice soup'],
    ],
    'Pediatrician and lake-cabin devotee. Winter is a feature, not a bug.',
    3,
  ),
  m(
    'sam-patel',
    'male',
    39,
    PLACES.dc,
    'everyone',
    [
      ['show', 'The West Wing'],
      ['dream_destination', 'Iceland'],
      ['book', 'Sapiens'],
    ],
    'Policy analyst who unwinds with jazz clubs and long museum afternoons.',
    1,
  ),
  m(
    'zoe_t',
    'female',
    21,
    PLACES.calgary,
    'male',
    [
      ['team', 'Calgary Flames'],
      ['hobby', 'Rodeo photography'],
      ['music', 'Taylor Swift'],
    ],
    'Journalism student and Stampede lifer. Coffee first, adventures after.',
    2,
  ),
  m(
    'liam_f',
    'male',
    32,
    PLACES.ottawa,
    'female',
    [
      ['hobby', 'Canal skating'],
      ['movie', 'The Grand Budapest Hotel'],
      ['dish', 'BeaverTails'],
    ],
    'Civil engineer who skates to work in February. Yes, really. Yes, it is great.',
    1,
  ),
  m(
    'nadia_b',
    'female',
    27,
    PLACES.halifax,
    'non-binary',
    [
      ['dream_destination', 'Faroe Islands'],
      ['dish', 'Lobster rolls'],
      ['podcast', 'Radiolab'],
    ],
    'Oceanographer who collects sea glass and sings sea shanties off-key.',
    2,
  ),
  m(
    'jules_r',
    'non-binary',
    41,
    PLACES.edmonton,
    'everyone',
    [
      ['show', "Kim's Convenience"],
      ['book', 'The Night Circus'],
      ['hobby', 'Community theatre'],
    ],
    'Stage manager and festival volunteer. I cry at every musical, proudly.',
    1,
  ),
  m(
    'carlos_v',
    'male',
    35,
    PLACES.sd,
    'male',
    [
      ['dish', 'Fish tacos'],
      ['team', 'San Diego Padres'],
      ['hobby', 'Sailing'],
    ],
    'Physical therapist with a rescue pup named Churro. Beach volleyball, anyone?',
    3,
  ),
];

/** Phones for DEMO_MEMBERS in order: +1 201 555 0101, 0102, ... */
export function demoPhone(index: number): string {
  return `+1201555${String(101 + index).padStart(4, '0')}`;
}
