/** Query keys of driver links, the driver's page and the progress; never typed inline. */
export const driverReportKeys = {
  all: ['driver-reports'] as const,
  link: (itineraryId: string) => [...driverReportKeys.all, 'link', itineraryId] as const,
  drive: (token: string) => [...driverReportKeys.all, 'drive', token] as const,
  /** The driver's page's copy of its route on the device (read when the link is gone). */
  driveCopy: (token: string) => [...driverReportKeys.all, 'drive-copy', token] as const,
  progress: (itineraryId: string) => [...driverReportKeys.all, 'progress', itineraryId] as const,
  dayGroup: (dayGroup: string) => [...driverReportKeys.all, 'day-group', dayGroup] as const,
};
