// Where the configuration pages live (spec section 2).
export const CONFIGURATION_PATH = "/dashboard/configuration";

export const camerasPath = (configurationId?: number | null) =>
  `${CONFIGURATION_PATH}/cameras${configurationId ? `?configuration=${configurationId}` : ""}`;
export const cameraPath = (id: number) => `${CONFIGURATION_PATH}/cameras/${id}`;
export const fieldsPath = `${CONFIGURATION_PATH}/fields`;
export const fieldPath = (id: number) => `${CONFIGURATION_PATH}/fields/${id}`;
