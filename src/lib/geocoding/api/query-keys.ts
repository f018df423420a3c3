export const geocodingKeys = {
  all: ['geocoding'] as const,
  search: (query: string) => [...geocodingKeys.all, 'search', query] as const,
  reverse: (lat: number, lng: number) => [...geocodingKeys.all, 'reverse', lat, lng] as const,
};
