/**
 * Shopware's rule for a sales channel value over the global one: it overrides unless it is "empty"
 * (null, "", 0, "0", []); booleans always override, so a channel can switch a global `true` off.
 */
export function overridesGlobal(channelValue: unknown): boolean {
  if (typeof channelValue === 'boolean') return true;
  if (channelValue === null || channelValue === undefined) return false;
  if (channelValue === '' || channelValue === 0 || channelValue === '0') return false;
  if (Array.isArray(channelValue) && channelValue.length === 0) return false;
  return true;
}
