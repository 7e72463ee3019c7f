/**
 * How a person is named on the wheel, the match card and anywhere else people see each other.
 * Never by their age (issue 12): the username the wheel's form gave, else a friendly alias
 * ('Blue Otter') derived from the participant id, so it stays with them across reloads and
 * devices and every browser shows the same one.
 */

export const DISPLAY_NAME_ADJECTIVES = [
  'Amber',
  'Blue',
  'Bold',
  'Brave',
  'Breezy',
  'Bright',
  'Calm',
  'Clever',
  'Coral',
  'Cosmic',
  'Curious',
  'Dapper',
  'Eager',
  'Emerald',
  'Gentle',
  'Golden',
  'Happy',
  'Honest',
  'Jolly',
  'Kind',
  'Lively',
  'Lucky',
  'Lunar',
  'Merry',
  'Mighty',
  'Misty',
  'Noble',
  'Olive',
  'Plucky',
  'Polar',
  'Quick',
  'Quiet',
  'Rosy',
  'Silver',
  'Sunny',
  'Swift',
  'Teal',
  'Witty',
  'Zesty',
  'Velvet',
] as const;

export const DISPLAY_NAME_ANIMALS = [
  'Badger',
  'Beaver',
  'Bison',
  'Crane',
  'Dolphin',
  'Eagle',
  'Falcon',
  'Ferret',
  'Finch',
  'Fox',
  'Gecko',
  'Heron',
  'Ibis',
  'Koala',
  'Lemur',
  'Lynx',
  'Marten',
  'Moose',
  'Narwhal',
  'Ocelot',
  'Orca',
  'Otter',
  'Owl',
  'Panda',
  'Pelican',
  'Penguin',
  'Puffin',
  'Quokka',
  'Raven',
  'Robin',
  'Seal',
  'Sparrow',
  'Stork',
  'Swan',
  'Tapir',
  'Tiger',
  'Toucan',
  'Walrus',
  'Wombat',
  'Yak',
] as const;

/** 32-bit FNV-1a of the text: small, stable across engines, and well spread for ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The alias a participant id always gets: an adjective and an animal, e.g. 'Blue Otter'. */
export function aliasOf(participantId: string): string {
  const hash = fnv1a(participantId.trim().toLowerCase());
  const adjectives = DISPLAY_NAME_ADJECTIVES.length;
  const adjective = DISPLAY_NAME_ADJECTIVES[hash % adjectives] ?? DISPLAY_NAME_ADJECTIVES[0];
  const animal =
    DISPLAY_NAME_ANIMALS[Math.floor(hash / adjectives) % DISPLAY_NAME_ANIMALS.length] ??
    DISPLAY_NAME_ANIMALS[0];
  return `${adjective} ${animal}`;
}

/** The name a participant goes by: their username when the wheel's form asked for one, else their alias. */
export function displayNameOf(participant: { id: string; username?: string | null }): string {
  const username = participant.username?.trim();
  return username ? username : aliasOf(participant.id);
}
