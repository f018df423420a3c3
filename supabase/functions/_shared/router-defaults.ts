/**
 * The router's request sizes: the defaults of ROUTER_MAX_WAYPOINTS and
 * ROUTER_TABLE_MAX_COORDINATES. A module of their own so that the configuration and the
 * route services both depend on it and never on each other (imports go one way:
 * config → router-defaults ← routing, routing-table).
 */

/**
 * Default waypoints per router request (ROUTER_MAX_WAYPOINTS): the public OSRM demo server
 * accepts 100 (osrm-routed's own default, --max-viaroute-size, is 500); consecutive requests
 * share their boundary stop.
 */
export const MAX_WAYPOINTS_PER_REQUEST = 100;

/** Default sources and destinations per table request (ROUTER_TABLE_MAX_COORDINATES): osrm-routed's --max-table-size. */
export const TABLE_BLOCK_SIZE = 100;
