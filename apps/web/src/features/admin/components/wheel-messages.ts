/** The wheel screens' messages (spec section 8), shared by the list, the form and the tests. */
export const WHEELS_LOAD_ERROR = 'Failed to load wheels data';
export const WHEELS_NO_MATCH = 'No wheels match your search';
export const WHEELS_EMPTY = 'No wheels found';
export const WHEEL_DETAIL_ERROR = 'Failed to load wheel details. Please try again.';
export const WHEEL_CREATE_ERROR = 'Failed to create wheel. Please try again.';
export const WHEEL_UPDATE_ERROR = 'Failed to update wheel. Please try again.';
export const WHEEL_DELETE_ERROR = 'Failed to delete wheel. Please try again.';
export const WHEEL_DELETE_CONFIRM = 'Are you sure you want to delete this wheel?';
/** The owner of a wheel no business user owns. */
export const WHEELMEET_OWNER = 'WheelMeet';
/** Success banners stay this long (spec section 9). */
export const WHEEL_BANNER_MS = 5_000;

export const wheelCreatedMessage = (name: string) => `Wheel "${name}" was created successfully.`;
export const wheelUpdatedMessage = (name: string) => `Wheel "${name}" was updated successfully.`;
export const wheelDeletedMessage = (name: string) => `Wheel "${name}" was deleted successfully.`;

// What a wheel's participant figures count (issue 12: one 'Participants' figure read as seats).
/** People sitting in one of the wheel's slots right now, out of its slots. */
export const SEATED_NOW_LABEL = 'Seated now';
/** Everyone who ever registered on the wheel; most have left their seat since. */
export const REGISTERED_LABEL = 'Registered';

/** 'Seated now' as '3 of 12': people in a slot, out of the wheel's slots. */
export const seatsTaken = (wheel: { seatedCount: number; slotCount: number }) =>
  `${wheel.seatedCount} of ${wheel.slotCount}`;

/** Reports on a wheel nobody marked handled yet, as its row in a list shows them. */
export const openReportsLabel = (count: number) => (count === 1 ? '1 open report' : `${count} open reports`);

/** The link to a wheel's matching report, from its page and from the business user's report. */
export const MATCHING_REPORT_LABEL = 'Matching report';
export const WHEEL_REPORT_LOAD_ERROR = 'Failed to load the matching report. Please try again.';
export const NO_ROUNDS_YET = 'No rounds yet: the report fills in as the wheel spins.';
