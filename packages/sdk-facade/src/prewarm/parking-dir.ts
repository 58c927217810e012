/** The spare's private parking folder; shared with `ccsdk serve`'s warm pool. */
export { createParkingDir } from '@ccsdk/transport-subprocess';
