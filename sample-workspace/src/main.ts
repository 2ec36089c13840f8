import { greeting, shout } from './greeting';

console.log(shout(greeting('Theia')));
