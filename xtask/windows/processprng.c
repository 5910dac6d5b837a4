/* A stand-in for Windows' bcryptprimitives.dll, for testing under Wine 8, which lacks it: the
   standard library of Rust imports `ProcessPrng` from it to seed its hash maps, so without it
   lexico.exe does not start under Wine. This fills the buffer from RtlGenRandom
   (`SystemFunction036` of advapi32), which Wine has. `cargo xtask windows --check` builds it
   into its test folder only; it is never part of the release zip, since Windows 10 and later
   ship the real one. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
