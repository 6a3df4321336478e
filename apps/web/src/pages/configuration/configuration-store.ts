// The configuration store of spec section 4: the list (null while loading), the
// selected configuration, and the current one being edited. Setting current
// copies the selected record into the form; reset restores the defaults and
// clears the selection.
import { useCallback, useMemo, useReducer } from "react";
import {
  configurationToForm,
  defaultConfigurationForm,
  type Configuration,
  type ConfigurationForm,
} from "./configuration-form.ts";

export interface ConfigurationState {
  list: Configuration[] | null;
  selected: Configuration | null;
  current: ConfigurationForm;
}

export type ConfigurationAction =
  | { type: "list"; list: Configuration[] | null }
  | { type: "select"; configuration: Configuration | null }
  | { type: "setCurrent" }
  | { type: "reset" };

export function initialConfigurationState(): ConfigurationState {
  return { list: null, selected: null, current: defaultConfigurationForm() };
}

export function configurationReducer(state: ConfigurationState, action: ConfigurationAction): ConfigurationState {
  switch (action.type) {
    case "list":
      return { ...state, list: action.list };
    case "select":
      return { ...state, selected: action.configuration };
    case "setCurrent":
      return { ...state, current: state.selected ? configurationToForm(state.selected) : defaultConfigurationForm() };
    case "reset":
      return { ...state, selected: null, current: defaultConfigurationForm() };
  }
}

export interface ConfigurationStore extends ConfigurationState {
  setList(list: Configuration[] | null): void;
  select(configuration: Configuration | null): void;
  setCurrent(): void;
  /** Selects a configuration and copies it into the form: what 'Edit' does. */
  edit(configuration: Configuration): void;
  reset(): void;
}

export function useConfigurationStore(): ConfigurationStore {
  const [state, dispatch] = useReducer(configurationReducer, undefined, initialConfigurationState);
  const setList = useCallback((list: Configuration[] | null) => dispatch({ type: "list", list }), []);
  const select = useCallback((configuration: Configuration | null) => dispatch({ type: "select", configuration }), []);
  const setCurrent = useCallback(() => dispatch({ type: "setCurrent" }), []);
  const edit = useCallback((configuration: Configuration) => {
    dispatch({ type: "select", configuration });
    dispatch({ type: "setCurrent" });
  }, []);
  const reset = useCallback(() => dispatch({ type: "reset" }), []);
  return useMemo(
    () => ({ ...state, setList, select, setCurrent, edit, reset }),
    [state, setList, select, setCurrent, edit, reset],
  );
}
