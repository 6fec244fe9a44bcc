// Demo avatars drawn locally (no network): a DiceBear 'avataaars' person seeded by the
// username, rasterised by sharp into the same square WebP sizes an upload produces. A
// member's extra photos keep the seed, so they show the same person with another
// expression and background.
import { PHOTO_CARD_SIZE } from '@bidboard/shared';
import { loadSharp } from '../../lib/sharp';

// DiceBear's collection takes half a second to load; only a seeding server needs it.
const dicebear = async () => {
  const [{ avataaars }, { createAvatar }] = await Promise.all([
    import('@dicebear/collection'),
    import('@dicebear/core'),
  ]);
  return { avataaars, createAvatar };
};

export const AVATAR_ORIGINAL_SIZE = 1024;
export const AVATAR_CARD_SIZE = PHOTO_CARD_SIZE;
export const AVATAR_THUMBNAIL_SIZE = 320;

export type AvatarGender = 'female' | 'male' | 'non-binary';

export interface RenderedAvatar {
  original: Buffer;
  card: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const BACKGROUNDS = [
  'b6e3f4',
  'c0aede',
  'd1d4f9',
  'ffd5dc',
  'ffdfbf',
  'c1f0d6',
  'fde2a8',
  'a7e3e0',
];
const SKIN = ['614335', 'ae5d29', 'd08b5b', 'edb98a', 'ffdbb4'];
const HAIR = ['2c1b18', '4a312c', '724133', 'a55728', 'b58143', 'd6b370', 'c93305', 'e8e1e1'];
const LONG_HAIR = [
  'bigHair',
  'bob',
  'bun',
  'curly',
  'curvy',
  'fro',
  'froBand',
  'longButNotTooLong',
  'miaWallace',
  'straight01',
  'straight02',
  'straightAndStrand',
] as const;
const SHORT_HAIR = [
  'shortCurly',
  'shortFlat',
  'shortRound',
  'shortWaved',
  'sides',
  'theCaesar',
  'theCaesarAndSidePart',
  'dreads01',
  'frizzle',
  'shaggy',
  'shavedSides',
] as const;
/** Photo 1 smiles; the others wink or laugh, like a second and third snapshot. */
const EXPRESSIONS = [
  { mouth: ['smile'], eyes: ['default', 'happy', 'squint'] },
  { mouth: ['twinkle'], eyes: ['happy'] },
  { mouth: ['default'], eyes: ['wink'] },
] as const;

function avatarSvg(
  { avataaars, createAvatar }: Awaited<ReturnType<typeof dicebear>>,
  seed: string,
  gender: AvatarGender,
  photo: number,
  size: number,
): string {
  const expression = EXPRESSIONS[photo % EXPRESSIONS.length]!;
  const background = BACKGROUNDS[(hash(seed) + photo * 3) % BACKGROUNDS.length]!;
  const top =
    gender === 'female'
      ? LONG_HAIR
      : gender === 'male'
        ? SHORT_HAIR
        : [...LONG_HAIR, ...SHORT_HAIR];
  return createAvatar(avataaars, {
    seed,
    size,
    backgroundColor: [background],
    skinColor: SKIN,
    hairColor: HAIR,
    facialHairColor: HAIR,
    top: [...top],
    topProbability: 100,
    facialHairProbability: gender === 'male' ? 35 : 0,
    accessories: ['prescription01', 'prescription02', 'round'],
    accessoriesProbability: 20,
    eyebrows: ['default', 'defaultNatural', 'raisedExcited', 'raisedExcitedNatural'],
    clothingGraphic: ['bear', 'deer', 'diamond', 'hola', 'pizza'],
    mouth: [...expression.mouth],
    eyes: [...expression.eyes],
  }).toString();
}

/** `photo` 0..2 picks the expression and background of the member's nth photo. */
export async function renderAvatar(
  seed: string,
  gender: AvatarGender,
  photo = 0,
): Promise<RenderedAvatar> {
  const [draw, sharp] = await Promise.all([dicebear(), loadSharp()]);
  // Rasterising the SVG at each size is cheaper and sharper than resizing 1024 -> 320.
  const render = (size: number, quality: number) =>
    sharp(Buffer.from(avatarSvg(draw, seed, gender, photo, size)))
      .webp({ quality, effort: 1 })
      .toBuffer();
  const [original, card, thumbnail] = await Promise.all([
    render(AVATAR_ORIGINAL_SIZE, 82),
    render(AVATAR_CARD_SIZE, 82),
    render(AVATAR_THUMBNAIL_SIZE, 80),
  ]);
  return { original, card, thumbnail, width: AVATAR_ORIGINAL_SIZE, height: AVATAR_ORIGINAL_SIZE };
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) >>> 0;
  return h;
}
