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
