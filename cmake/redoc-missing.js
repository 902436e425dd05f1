// Stands in for Redoc's standalone bundle in a build made without `npm ci` (CMakeLists.txt).
document.querySelector('redoc')?.insertAdjacentText('beforebegin',
  'This payd was built without Redoc (npm ci, then rebuild). The API description is at /openapi.json.');
