// The filters every analysis (formats, quality, publishers, regions) narrows by.

/** Inside the server: the chosen portals (none: all), a publisher, a region (a NUTS 3 kraj or a country). */
export type AnalysisFilters = { portalIds?: string[] | undefined; organizationId?: string | undefined; regionId?: string | undefined }

/**
 * As the API takes them: the portals keep the field name the API first gave them, `instanceIds`, for the scripts that
 * send it (decision 011); the routers map it to `portalIds`.
 */
export type AnalysisFilterInput = Omit<AnalysisFilters, 'portalIds'> & { instanceIds?: string[] | undefined }
